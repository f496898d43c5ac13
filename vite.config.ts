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
 * The built shop leaves out the descriptions of its actions and their arguments (`description: '…'` in
 * actions/<group>/*.ts): they document the vocabulary for analysts and the checker (tools/, the studio's completion
 * reads the generated vocabulary), and nothing in the browser reads them — a few kB of gzip on every page.
 */
function stripActionDescriptions(): Plugin {
  const file = /[\\/]actions[\\/](?!stores[\\/]|api[\\/])[a-z-]+[\\/][^\\/]+\.ts$/;
  const literal = /(\bdescription:\s*)('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")/g;
  return {
    name: 'strip-action-descriptions',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!file.test(id) || id.endsWith('.test.ts')) return null;
      const out = code.replace(literal, "$1''");
      return out === code ? null : { code: out, map: null };
    },
  };
}

/**
 * After the browser build, the server renderer of the first view (renderer/entry-server.tsx) into dist-ssr/: the
 * same components on react-dom/server (every dependency bundled, with the same aliases as the browser's), loaded by
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

/**
 * @rjsf/core's default registry holds every field and widget RJSF has (arrays, oneOf, layout grids, dates, files,
 * ratings…), none of them tree-shaken; the shop's forms use a few (renderer/build/rjsf-fields.ts, rjsf-widgets.ts).
 */
function rjsfRegistry(): Plugin {
  const slim: Record<string, string> = {
    './components/fields/index.js': page('./renderer/build/rjsf-fields.ts'),
    './components/widgets/index.js': page('./renderer/build/rjsf-widgets.ts'),
  };
  return {
    name: 'rjsf-registry',
    enforce: 'pre',
    apply: 'build',
    resolveId(source, importer) {
      if (importer && slim[source] && importer.replace(/\\/g, '/').endsWith('/@rjsf/core/lib/getDefaultRegistry.js')) return slim[source];
      return null;
    },
  };
}

/** The API client's table of calls (schemas/api/paths.json) as the browser needs it: each call's method and path
 *  (the payload schema references, for the server and the types, are half its weight). */
function browserPaths(): Plugin {
  return {
    name: 'browser-paths',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!id.replace(/\\/g, '/').endsWith('/schemas/api/paths.json')) return null;
      const all = JSON.parse(code) as Record<string, { method?: string; path?: string } | string>;
      const slim = Object.fromEntries(Object.entries(all).filter(([, v]) => typeof v === 'object').map(([k, v]) => [k, { method: (v as { method: string }).method, path: (v as { path: string }).path }]));
      return { code: JSON.stringify(slim), map: null };
    },
  };
}

// The shop's static assets live under the base path of seed 000 §2.
// In development the SPA is served from / (shop routes such as /uredjaj/... must reach index.html);
// the built assets live under the base path.
/** Vite's dev server: its port (VITE_PORT, else 5173; a port given is a port required) and the API paths it forwards
 *  to the API server on PORT (else 3000). */
export function devServer(env: Record<string, string | undefined>): { port: number; strictPort: boolean; proxy: Record<string, string> } {
  const api = `http://127.0.0.1:${Number(env.PORT) || 3000}`;
  return {
    port: Number(env.VITE_PORT) || 5173,
    strictPort: Boolean(env.VITE_PORT),
    proxy: {
      '/hybris': api,
      '/selfcare': api,
      '/ui': api,
      '/gateway': api,
      '/media': api,
      // the studio page is the built one (vite build), served by the API server with its assets
      '/studio': api,
      '/assets/ecommerce/dist': api,
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  base: command === 'build' ? '/assets/ecommerce/dist/' : '/',
  plugins: [
    react(),
    rjsfRegistry(),
    browserPaths(),
    actionGroupChunks(),
    stripActionDescriptions(),
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
  // The server renderer (dist-ssr) has its dependencies bundled so that they get the same aliases and the same
  // production builds as the browser's: the browser hydrates the server's markup, so both must draw the same tree.
  ...(isSsrBuild ? { ssr: { noExternal: true } } : {}),
  resolve: command === 'build'
    ? {
      alias: [
        // @rjsf/core imports markdown-to-jsx (86 kB raw) for opt-in markdown descriptions no form of ours uses
        { find: /^markdown-to-jsx\/react$/, replacement: page('./renderer/build/markdown-stub.tsx') },
        // @rjsf/utils imports fast-uri (50 kB raw) to resolve `$id` URIs; the browser's URL parser does that
        { find: /^fast-uri$/, replacement: page('./renderer/build/fast-uri.ts') },
        // react-router's package exports resolve to its development build (warnings, dev checks) for browsers
        { find: /^react-router$/, replacement: page('./node_modules/react-router/dist/production/index.mjs') },
      ],
    }
    : {},
  build: {
    outDir: 'dist', sourcemap: false, target: 'es2022',
    // every browser the shop supports has modulepreload: no polyfill in the entry
    modulePreload: { polyfill: false },
    // dist/.vite/manifest.json: server/ui/page.ts preloads the lazy chunks a page's first screen uses
    manifest: true,
    // the shop, and the studio (served at /studio to staff on development servers; never loaded by the shop) with its
    // preview's frame (/studio/preview: its entry shares the studio page's boot, studio/boot.tsx, so the shop's chunks
    // are split as before)
    // (and the loader of a server-drawn page's scripts, renderer/loader.ts)
    ...(isSsrBuild ? {} : { rolldownOptions: { input: { main: page('./index.html'), studio: page('./studio/index.html'), 'studio-preview': page('./studio/preview.html'), loader: page('./renderer/loader.ts') } } }),
  },
  // npm run dev (tools/dev.mjs): Vite on VITE_PORT (5173), the API server it forwards to on PORT (3000)
  server: devServer(process.env),
}));
