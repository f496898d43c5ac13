#!/usr/bin/env node
// npm run test:snapshots:update: rewrites the DOM snapshots (tests/snapshots, vitest -u), the screenshot baselines
// (tests/visual, VISUAL_UPDATE=1) and the coverage table (tests/COVERAGE.md) in one command. Every part always runs: a
// failing test in the first part (a real failure, not a snapshot difference — those are rewritten) no longer leaves the
// screenshots un-updated. The exit code is non-zero when a part failed, and the summary says which one and that
// running this again will not help.
import { spawnSync } from 'node:child_process';

const vitest = 'node_modules/vitest/vitest.mjs';
const parts = [
  { name: 'DOM snapshots (tests/snapshots)', args: [vitest, 'run', '--project', 'dom', 'tests/snapshots', '-u'], env: {} },
  { name: 'screenshots (tests/visual)', args: [vitest, 'run', '--config', 'tests/visual/vitest.config.ts'], env: { VISUAL_UPDATE: '1' } },
  // the coverage table QA reads, generated from the same cases (npm run coverage:table)
  { name: 'coverage table (tests/COVERAGE.md)', args: ['node_modules/tsx/dist/cli.mjs', 'tests/snapshots/coverage.ts', '--write'], env: {} },
];
const failed = [];
for (const part of parts) {
  console.log(`\n== ${part.name}: updating`);
  const r = spawnSync(process.execPath, part.args, { stdio: 'inherit', env: { ...process.env, ...part.env } });
  if (r.status !== 0) failed.push(`${part.name} (exit ${r.status ?? r.signal})`);
}
if (failed.length) {
  console.error(`\ntest:snapshots:update: every snapshot and screenshot that could be drawn was rewritten, but tests failed in: ${failed.join('; ')}.`
    + '\nThose are failures of the tests themselves (see above), not differences to accept: running this command again will not fix them.');
  process.exitCode = 1;
} else console.log('\ntest:snapshots:update: DOM snapshots and screenshots updated; review the diff (git diff tests/snapshots tests/visual tests/COVERAGE.md) and commit it.');
