// The end-to-end files' test functions, on Playwright's test runner (@playwright/test: HTML report, a trace of every
// failed test, `--list`, `--grep`, the UI mode). `test` and `describe` are Playwright's own (a test function takes no
// fixture: the files open their pages from the browser their suite launched, see shopper.ts `suite`); `before` and
// `after` are its beforeAll / afterAll. Each file runs in one worker, its tests in order.
import { test as pw } from '@playwright/test';
import { setRunningProject } from './lib';

// a page opened without a size takes the running project's viewport (playwright.config.ts `projects`), and its
// screenshots go to the project's folder (lib.ts projectShotPath)
setRunningProject(() => {
  try {
    const { project } = pw.info();
    return { name: project.name, viewport: project.use.viewport };
  } catch {
    return undefined; // outside a test or hook
  }
});

export const test = pw;
export const describe = pw.describe;

export function before(fn: () => Promise<void> | void): void {
  pw.beforeAll(async () => { await fn(); });
}

export function after(fn: () => Promise<void> | void): void {
  pw.afterAll(async () => { await fn(); });
}
