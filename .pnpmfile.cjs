// pnpm's install hooks. The workspace's tools run on the Node binary of the npm registry's `node-<os>-<arch>`
// packages (root optionalDependencies; their `bin/node` becomes node_modules/.bin/node, first on the PATH of every
// pnpm script, `pnpm exec` and Nx child process). Those packages declare `os` and `cpu` as plain strings, which pnpm
// neither records in the lockfile nor checks: every platform's binary would be installed and fight over `.bin/node`.
// As one-element lists pnpm installs only the binary of the machine it runs on.
/** @param {{name?: string, os?: string | string[], cpu?: string | string[]}} manifest */
function readPackage(manifest) {
  if (/^node-(?:linux|win|darwin)-/.test(manifest.name ?? '')) {
    if (typeof manifest.os === 'string') manifest.os = [manifest.os];
    if (typeof manifest.cpu === 'string') manifest.cpu = [manifest.cpu];
  }
  return manifest;
}

module.exports = { hooks: { readPackage } };
