// The server bundled by esbuild (tools/start.mjs runs it; tests/server/schema-check-worker.test.ts bundles into a folder
// of its own): server/main.ts as main.mjs and the schema check's worker as check-worker.mjs, dependencies external.
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Bundles into `outDir`. The worker's URL is baked into main.mjs (server/ui/documents.ts `checkedSet` reads it as
 * `SCHEMA_CHECK_WORKER`). Each module's `import.meta.url` is replaced by the URL of its source file, so paths the server
 * resolves relative to its own files (migrations, rules, the schema tools) stay what they are under tsx.
 */
export async function bundleServer(outDir) {
  const { build } = await import('esbuild');
  await build({
    entryPoints: { main: join(root, 'server', 'main.ts'), 'check-worker': join(root, 'server', 'ui', 'check-worker.ts') },
    outdir: outDir, outExtension: { '.js': '.mjs' }, bundle: true, platform: 'node', format: 'esm',
    target: 'node20', packages: 'external', sourcemap: 'linked', logLevel: 'warning',
    define: { SCHEMA_CHECK_WORKER: JSON.stringify(pathToFileURL(join(outDir, 'check-worker.mjs')).href) },
    plugins: [{
      name: 'source-import-meta-url',
      setup(b) {
        b.onLoad({ filter: /\.[cm]?ts$/ }, async ({ path }) => ({
          contents: (await readFile(path, 'utf8')).replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href)),
          loader: 'ts',
        }));
      },
    }],
  });
}
