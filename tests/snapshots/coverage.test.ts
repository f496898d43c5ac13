// tests/COVERAGE.md is generated from the suites' cases (tests/snapshots/coverage.ts): it must say what they run now.
import { expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { COVERAGE_FILE, coverageTable, phoneTests } from './coverage';

it('tests/COVERAGE.md is up to date (npm run coverage:table rewrites it)', () => {
  let written = '';
  try { written = readFileSync(COVERAGE_FILE, 'utf8'); } catch { /* missing: reported below */ }
  expect(written === coverageTable(), 'tests/COVERAGE.md is stale or missing: run npm run coverage:table and commit it').toBe(true);
});

it('the table lists the end-to-end tests the phone project runs', () => {
  // the @phone titles are read from the sources: the guest purchase is among them, a test without the tag is not
  const titles = phoneTests().map((t) => `${t.file}: ${t.title}`);
  expect(titles.some((t) => t.startsWith('shop.e2e.ts: guest buys a phone'))).toBe(true);
  expect(titles.some((t) => t.startsWith('shop.e2e.ts: a declined card'))).toBe(false);
});
