import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// The screenshot suite (npm run test:snapshots; also part of npm test): key screens rendered with the real
// renderer in jsdom from fixture store states, then drawn by Debian's Chromium with the shop's CSS and
// compared with tests/visual/__screenshots__/*.png. VISUAL_UPDATE=1 rewrites the baselines.
export default defineConfig({
  plugins: [react()],
  test: {
    name: 'visual',
    root: new URL('../..', import.meta.url).pathname,
    environment: 'jsdom',
    include: ['tests/visual/**/*.test.{ts,tsx}'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
