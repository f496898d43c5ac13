import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const page = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/**
 * Writes dist/.vite/action-groups.json: { group: [chunk files, with their static imports] } for every lazy action
 * group (actions/<group>/*.ts). The shared chunks the studio also imports have no entry of their own in Vite's
 * manifest; server/ui/page.ts preloads a page's groups from this list.
 */
function actionGroupChunks(): Plugin {
  return {
    name: 'action-group-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const groups: Record<string, Set<string>> = {};
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const addWithImports = (set: Set<string>, file: string) => {
        if (set.has(file)) return;
        set.add(file);
        for (const i of byFile.get(file)?.imports ?? []) addWithImports(set, i);
      };
      for (const c of chunks) {
        for (const id of c.moduleIds) {
          const m = id.replace(/\\/g, '/').match(/\/actions\/([a-z]+)\/[^/]+\.ts$/);
          if (m && m[1] !== 'stores' && m[1] !== 'api') addWithImports((groups[m[1]!] ??= new Set()), c.fileName);
        }
      }
      const out = Object.fromEntries(Object.entries(groups).map(([g, files]) => [g, [...files].sort()]));
      this.emitFile({ type: 'asset', fileName: '.vite/action-groups.json', source: JSON.stringify(out, null, 1) });
    },
  };
}

/**
 * After the browser build, the server renderer of the first view (renderer/entry-server.tsx) into dist-ssr/: the
 * same components on Preact's renderToString (the same aliases as the browser's, every dependency bundled), loaded by
 * server/ui/ssr.ts. One `vite build` makes both, so the two always match (the browser hydrates the server's markup).
 */
function serverRenderer(): Plugin {
  return {
    name: 'server-renderer',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    async closeBundle() {
      const { build } = await import('vite');
      await build({
        configFile: page('./vite.config.ts'), logLevel: 'warn',
        // one file: server/ui/ssr.ts imports it with a query per build (a new build is a new module), and chunks
        // importing back from the entry by its plain name would be a second instance of it (its module state, e.g.
        // the validator loader it sets, would not be the one its forms read)
        build: { ssr: page('./renderer/entry-server.tsx'), outDir: page('./dist-ssr'), emptyOutDir: true, manifest: false, copyPublicDir: false,
          rolldownOptions: { output: { codeSplitting: false } } },
      });
    },
  };
}

// The shop's static assets live under the base path of seed 000 §2.
// In development the SPA is served from / (shop routes such as /uredjaj/... must reach index.html);
// the built assets live under the base path.
export default defineConfig(({ command, isSsrBuild }) => ({
  base: command === 'build' ? '/assets/ecommerce/dist/' : '/',
  plugins: [
    react(),
    actionGroupChunks(),
    serverRenderer(),
    // precompressed copies (name.js.br / name.js.gz) beside every asset; @fastify/static serves them
    // (`preCompressed`) by the request's Accept-Encoding. index.html is not served as a file (server/ui/page.ts).
    ...(command === 'build' && !isSsrBuild
      ? [compression({
        include: /\.(js|mjs|css|json|svg)$/,
        exclude: /\.vite\//,
        threshold: 512,
        logLevel: 'silent',
        algorithms: [
          defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          defineAlgorithm('gzip', { level: 9 }),
        ],
      })]
      : []),
  ],
  // The server renderer (dist-ssr) is built on Preact too, its dependencies bundled so that they get the same
  // aliases: the browser hydrates the server's markup, so both must draw the same tree with the same useId ids.
  ...(isSsrBuild ? { ssr: { noExternal: true } } : {}),
  resolve: command === 'build'
    ? {
      alias: [
        // @rjsf/core imports markdown-to-jsx (86 kB raw) for opt-in markdown descriptions no form of ours uses
        { find: /^markdown-to-jsx\/react$/, replacement: page('./renderer/build/markdown-stub.tsx') },
        // @rjsf/utils imports fast-uri (50 kB raw) to resolve `$id` URIs; the browser's URL parser does that
        { find: /^fast-uri$/, replacement: page('./renderer/build/fast-uri.ts') },
        // the server renderer: Preact's renderToString
        { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
        // React's API on Preact (preact/compat): the same components, a tenth of react-dom's weight in the browser
        { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
        { find: /^react-dom$/, replacement: 'preact/compat' },
        { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
        { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
        { find: /^react$/, replacement: 'preact/compat' },
        // react-router's package exports resolve to its development build (warnings, dev checks) for browsers
        { find: /^react-router$/, replacement: page('./node_modules/react-router/dist/production/index.mjs') },
      ],
    }
    : {},
  build: {
    outDir: 'dist', sourcemap: false, target: 'es2022',
    // dist/.vite/manifest.json: server/ui/page.ts preloads the lazy chunks a page's first screen uses
    manifest: true,
    // the shop, and the studio (served at /studio to staff on development servers; never loaded by the shop)
    // (and the loader of a server-drawn page's scripts, renderer/loader.ts)
    ...(isSsrBuild ? {} : { rolldownOptions: { input: { main: page('./index.html'), studio: page('./studio/index.html'), loader: page('./renderer/loader.ts') } } }),
  },
  server: {
    proxy: {
      '/hybris': 'http://127.0.0.1:3000',
      '/selfcare': 'http://127.0.0.1:3000',
      '/ui': 'http://127.0.0.1:3000',
      '/gateway': 'http://127.0.0.1:3000',
      '/media': 'http://127.0.0.1:3000',
      // the studio page is the built one (vite build), served by the API server with its assets
      '/studio': 'http://127.0.0.1:3000',
      '/assets/ecommerce/dist': 'http://127.0.0.1:3000',
    },
  },
}));
