// npm run bench: every measurement of issue 8 in one run, each part printing its figures beside
// its target (ratios to a bare Fastify measured in the same run; never timed assertions in tests).
// Parts run one after another so they do not compete for the CPU: `npm run bench -- server pages`
// runs only the named parts. The production build is made once, here, for all parts.
import { spawnSync } from 'node:child_process';
import { ROOT } from '../e2e/lib';

const PARTS: { name: string; script: string; args: string[]; what: string }[] = [
  { name: 'start', script: 'tests/bench/start.ts', args: [], what: 'cold and warm start to the first 200' },
  { name: 'server', script: 'tests/bench/server.ts', args: [], what: 'req/s beside a bare Fastify, p99, queries per request (PGlite, PostgreSQL)' },
  { name: 'bundle', script: 'tests/bench/bundle.ts', args: ['--no-build'], what: 'gzip JavaScript the phone list and a checkout step load' },
  { name: 'pages', script: 'tests/bench/pages.ts', args: ['--no-build'], what: 'Lighthouse mobile: performance, accessibility, CLS, LCP, TBT' },
  { name: 'cls', script: 'tests/bench/cls.ts', args: ['--no-build'], what: 'layout shift at 375 and 1280 px, 4x CPU, slow network' },
  { name: 'keys', script: 'tests/bench/keys.ts', args: ['--no-build'], what: 'per-keystroke latency of the largest form, 4x CPU throttling' },
];

// `--catalog=N --customers=N` (issue 25): the part "scale" also runs, at the seeded size and at that size (the
// database grown by tests/bench/generate.ts); without them it runs only when named, at the seeded size.
const SIZE_FLAGS = process.argv.slice(2).filter((a) => /^--(catalog|customers|url)=/.test(a));
PARTS.push({ name: 'scale', script: 'tests/bench/scale.ts', args: SIZE_FLAGS, what: 'reads at the seeded and a national size: shares of bare, p99, start, RSS, orders flowing (PostgreSQL)' });
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const parts = wanted.length ? PARTS.filter((p) => wanted.includes(p.name)) : PARTS.filter((p) => p.name !== 'scale' || SIZE_FLAGS.length > 0);
if (wanted.length && parts.length !== wanted.length) {
  console.error(`unknown part(s): ${wanted.filter((w) => !PARTS.some((p) => p.name === w)).join(', ')}; parts: ${PARTS.map((p) => p.name).join(', ')}`);
  process.exit(2);
}

console.log('building for production…');
const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const results: { name: string; ok: boolean }[] = [];
for (const p of parts) {
  console.log(`\n=== ${p.name}: ${p.what} ===`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', p.script, ...p.args], { cwd: ROOT, stdio: 'inherit', env: process.env });
  results.push({ name: p.name, ok: r.status === 0 });
}
console.log('\n=== summary ===');
for (const r of results) console.log(`  ${r.name.padEnd(8)} ${r.ok ? 'all targets met' : 'SOME TARGET MISSED (see above)'}`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
