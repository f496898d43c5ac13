#!/usr/bin/env node
// `npm start`: builds the front end only when the build is missing or stale, then starts the server in this process
// (so SIGTERM / SIGINT reach the server's own shutdown, server/main.ts; a build in progress gets them forwarded).
// Stale = the content hash of the front-end inputs differs from the one written into dist/ after the last build.
// A production install (`npm ci --omit=dev`) has no vite: a present dist/ is served as it is, a missing one stops the
// start with a message. The server bundle needs esbuild (a production dependency).
//   node tools/start.mjs [--dev]     build if needed, then serve (production: the server bundle; --dev: server/main.ts through tsx)
//   node tools/start.mjs --stamp     only write the stamp of the current inputs (after `vite build`)
//   node tools/start.mjs --check     exit 0 when the build is fresh, 1 when it would be rebuilt
//   node tools/start.mjs --prepare   build what is stale (front end, server bundle) and exit: several instances
//                                    started afterwards (tools/cluster.mjs) then find both fresh and do not race on them
//   … --no-build                     serve dist/ as it is, fresh or not (the e2e suite builds it before it runs)
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.env.DIST_DIR ?? join(root, 'dist');
const stampFile = join(dist, '.build-stamp');
/** The server, bundled by esbuild into one ES module (dependencies stay external): a start imports one file instead of
 * transforming ~100 TypeScript modules through tsx. Rebuilt when the server's sources change (its own stamp). */
const serverOut = process.env.SERVER_BUNDLE_DIR ?? join(root, 'node_modules', '.cache', 'orbita-shop', 'server');
const serverBundle = join(serverOut, 'main.mjs');
/** The schema set's check in a worker thread (server/ui/check-worker.ts), bundled beside it. */
const checkWorker = join(serverOut, 'check-worker.mjs');
const serverStamp = join(serverOut, '.build-stamp');
/** What the server bundle reads (the schema set itself is loaded at run time, not bundled). */
const SERVER_INPUTS = ['server', 'tools/schemas', 'tools/server-bundle.mjs', 'tsconfig.json', 'package-lock.json'];
/** What `vite build` reads (the studio is its second entry). */
const INPUTS = ['renderer', 'components', 'actions', 'schemas', 'studio', 'public', 'index.html', 'vite.config.ts', 'tsconfig.json', 'package-lock.json'];

export function inputsHash(inputs = INPUTS) {
  const h = createHash('sha256');
  const add = (abs) => {
    const st = statSync(abs, { throwIfNoEntry: false });
    if (!st) return;
    if (st.isDirectory()) {
      for (const name of readdirSync(abs).sort()) if (name !== 'node_modules' && !name.startsWith('.')) add(join(abs, name));
    } else if (st.isFile()) {
      h.update(`${relative(root, abs)}\0`).update(readFileSync(abs)).update('\0');
    }
  };
  for (const p of inputs) add(join(root, p));
  return h.digest('hex');
}

/** The bundle bakes in absolute paths (tools/server-bundle.mjs), so the checkout's location is part of its stamp. */
const serverHash = () => `${inputsHash(SERVER_INPUTS)}:${root}`;

/** Bundles the server (tools/server-bundle.mjs) and stamps it. */
async function buildServer(hash) {
  const { bundleServer } = await import('./server-bundle.mjs');
  await bundleServer(serverOut);
  writeFileSync(serverStamp, `${hash}\n`);
}

export function buildIsFresh(hash = inputsHash()) {
  return existsSync(join(dist, 'index.html')) && existsSync(stampFile) && readFileSync(stampFile, 'utf8').trim() === hash;
}

const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');

/** `vite build`, then the checked schema set written into it. */
async function build() {
  await step([vite, 'build', '--logLevel', 'warn']);
  // the checked schema set into the build (tools/schema-set.ts): the first start reads it instead of checking
  await step(['--import', 'tsx', join(root, 'tools', 'schema-set.ts'), dist]);
}

/** A build step as a child: a SIGTERM / SIGINT meanwhile is passed on, and the start ends with the child's code. */
async function step(argv) {
  const child = spawn(process.execPath, argv, { cwd: root, stdio: 'inherit' });
  const forward = (signal) => { child.kill(signal); };
  process.on('SIGTERM', forward);
  process.on('SIGINT', forward);
  const [code] = await new Promise((done) => child.once('exit', (c, s) => done([c, s])));
  process.off('SIGTERM', forward);
  process.off('SIGINT', forward);
  if (code !== 0) process.exit(code ?? 1); // (killed by a signal: 1)
}

const args = process.argv.slice(2);
if (args.includes('--stamp')) {
  writeFileSync(stampFile, `${inputsHash()}\n`);
} else if (args.includes('--check')) {
  process.exit(buildIsFresh() ? 0 : 1);
} else {
  if (args.includes('--no-build') && !existsSync(join(dist, 'index.html'))) {
    console.error('--no-build: there is no front-end build (dist/); run `npm run build` first.');
    process.exit(1);
  }
  const hash = args.includes('--no-build') ? '' : inputsHash();
  if (!args.includes('--no-build') && !buildIsFresh(hash)) {
    if (existsSync(vite)) {
      console.log('Building the front end (dist/ is missing or older than its sources) …');
      await build();
      writeFileSync(stampFile, `${hash}\n`);
    } else if (existsSync(join(dist, 'index.html'))) {
      console.warn('dist/ is older than its sources and vite is not installed (a production install): serving the build that is there. Run `npm run build` on a full install to refresh it.');
    } else {
      console.error('There is no front-end build (dist/) and vite is not installed (a production install: npm ci --omit=dev).\n'
        + 'Build it first: `npm ci && npm run build` (the build needs the dev dependencies), then `npm start`; or copy a dist/ built from the same sources here.');
      process.exit(1);
    }
  }
  // V8's on-disk code cache (Node 22.1+): later starts skip compiling the server's dependencies again.
  (await import('node:module')).enableCompileCache?.(process.env.NODE_COMPILE_CACHE ?? join(root, 'node_modules', '.cache', 'node-compile-cache'));
  if (args.includes('--dev')) {
    const { register } = await import('tsx/esm/api');
    register();
    await import(pathToFileURL(join(root, 'server', 'main.ts')).href);
  } else {
    const sHash = serverHash();
    const fresh = existsSync(serverBundle) && existsSync(checkWorker) && existsSync(serverStamp) && readFileSync(serverStamp, 'utf8').trim() === sHash;
    if (!fresh) {
      try {
        await buildServer(sHash);
      } catch (err) {
        if (err?.code !== 'ERR_MODULE_NOT_FOUND') throw err;
        console.error('The server bundle needs esbuild (a dependency): run `npm ci` (or `npm ci --omit=dev`) again.');
        process.exit(1);
      }
    }
    if (args.includes('--prepare')) process.exit(0);
    process.setSourceMapsEnabled(true);
    await import(pathToFileURL(serverBundle).href);
  }
}
