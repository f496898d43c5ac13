import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Two kinds of suites: browser-like (jsdom) for the renderer, components and snapshots,
// and Node for the server and the schema tooling. The end-to-end suite runs outside Vitest
// (Playwright's runner, playwright.config.ts) because it starts a real server and Chromium.
export default defineConfig({
  plugins: [react()],
  test: {
    // two files at a time even on two cores: the server files mostly wait (PostgreSQL, scrypt, timers)
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/snapshots/**/*.test.{ts,tsx}'],
          exclude: ['tests/unit/tooling/**'],
          setupFiles: ['tests/snapshots/serializer.ts', 'tests/unit/dom-setup.ts'],
          // some files check the whole schema set (seconds of CPU): 5 s fails them on a busy machine, not on a bug
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/server/**/*.test.ts', 'tests/unit/tooling/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // one migrated and seeded database per driver for the whole run; each server file starts from a copy
          globalSetup: ['tests/server/template.setup.ts'],
          isolate: false,
        },
      },
    ],
  },
});
