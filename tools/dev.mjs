#!/usr/bin/env node
// npm run dev: the API server in development mode (watches schemas/, reloads on change) and
// Vite's dev server with hot reload, side by side. Open http://127.0.0.1:5173/.
// PORT (3000) is the API server's port, VITE_PORT (5173) Vite's; Vite forwards the API paths to PORT
// (vite.config.ts, devServer): `PORT=4520 VITE_PORT=4521 npm run dev` runs a second copy beside the first.
import { spawn } from 'node:child_process';

const procs = [
  spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--dev'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'development' } }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--host', '127.0.0.1'], { stdio: 'inherit' }),
];
console.log(`npm run dev: the shop at http://127.0.0.1:${Number(process.env.VITE_PORT) || 5173}/ (the API server on port ${Number(process.env.PORT) || 3000})`);
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
procs.forEach((p) => p.on('exit', (code) => { if (code) { stop(); process.exitCode = code; } }));
