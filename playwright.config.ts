// The end-to-end suite on Playwright's test runner against the production build (`npm run test:e2e` builds first):
// `npx playwright test [file] [--grep text] [--list]`, report in tests/e2e/artifacts/report (`npx playwright
// show-report tests/e2e/artifacts/report`), a trace of every failed test there too (`npx playwright show-trace`).
// Browsers: Debian's Chromium (tests/e2e/lib.ts launchBrowser; `npx playwright install` is not used).
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '*.e2e.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  // Two files side by side by default (each with its own server and Chromium); E2E_CONCURRENCY=n sets n. Measured on
  // two cores (2026-11-28, 30 files): one at a time 641 s, two 524 s, three 503 s — the files' work is CPU.
  workers: Math.max(1, Number(process.env.E2E_CONCURRENCY) || 2),
  fullyParallel: false,
  // a flaky test is a bug to find, not to retry
  retries: 0,
  // a test walks a whole purchase (a gateway's redirects, a slow-CPU profile); a file's `before` starts a server.
  // Long scans set their own (a11y.e2e.ts); a test that waits for nothing is still ended
  timeout: 600_000,
  expect: { timeout: 30_000 },
  outputDir: 'tests/e2e/artifacts/results',
  reporter: [
    [process.env.CI ? 'line' : 'list'],
    ['html', { outputFolder: 'tests/e2e/artifacts/report', open: 'never' }],
    // every test's duration and outcome as data (which files the suite's time goes to: docs/TESTING.md)
    ['json', { outputFile: 'tests/e2e/artifacts/results.json' }],
    // last: each failure's error once more as the run's final lines (CI's log is read from its end)
    ['./tests/e2e/failures-reporter.ts'],
  ],
  use: { trace: 'retain-on-failure' },
  // Two widths. `desktop` (1280 px) runs every test; `phone` (375 px) runs again only the tests tagged @phone in their
  // title — the flows that matter most on a phone (now the guest purchase through the menu) — so the suite's time
  // grows by those files, not twofold. A page a test opens without a size of its own takes the project's (tests/e2e/lib.ts
  // newPage); tests that set a width (the many 375 px checks) keep it in both. `--project phone` runs one of them.
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 900 } } },
    { name: 'phone', grep: /@phone\b/, use: { viewport: { width: 375, height: 812 } } },
  ],
});
