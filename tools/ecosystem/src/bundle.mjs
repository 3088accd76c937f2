// The smoke bundled for a platform without a module resolver of its own (workerd, a browser page), from the clean
// project's node_modules: what is bundled is what the tarballs hold, resolved through their `exports` with the
// platform's conditions, as a user's bundler would.
import { build } from 'esbuild';
import { join } from 'node:path';

/**
 * @param {string} projectDir the runtime's project (node_modules from the tarballs, smoke/ copied in)
 * @param {string} entry file under smoke/
 * @param {'workerd' | 'browser'} platform
 * @returns {Promise<{code: string, bytes: number}>}
 */
export async function bundle(projectDir, entry, platform) {
  const result = await build({
    absWorkingDir: projectDir,
    entryPoints: [join(projectDir, 'smoke', entry)],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    conditions: platform === 'workerd' ? ['workerd', 'worker', 'browser'] : ['browser'],
    // The stream client loads `ws` (Node's WebSocket) only on Node; elsewhere it uses the platform's WebSocket. A
    // browser bundle cannot hold `ws` (it needs node:http), and workerd refuses a module that imports an unknown
    // name, so `ws` becomes an empty module, as `"browser": { "ws": false }` in the client's package.json would do.
    plugins: [emptyModule('ws')],
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.text;
  if (code === undefined) throw new Error('esbuild wrote no bundle');
  return { code, bytes: Buffer.byteLength(code) };
}

/** An esbuild plugin resolving `name` to an empty module. @param {string} name  @returns {import('esbuild').Plugin} */
function emptyModule(name) {
  const filter = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  return {
    name: `empty-${name}`,
    setup(b) {
      b.onResolve({ filter }, (args) => ({ path: args.path, namespace: 'empty-module' }));
      b.onLoad({ filter: /.*/, namespace: 'empty-module' }, () => ({ contents: 'export {};', loader: 'js' }));
    },
  };
}
