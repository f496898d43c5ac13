import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The shop's static assets live under the base path of seed 000 §2.
// In development the SPA is served from / (shop routes such as /uredjaj/... must reach index.html);
// the built assets live under the base path.
export default defineConfig(({ command }) => ({
  base: command === 'build' ? '/assets/ecommerce/dist/' : '/',
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: false, target: 'es2022' },
  server: {
    proxy: {
      '/hybris': 'http://127.0.0.1:3000',
      '/selfcare': 'http://127.0.0.1:3000',
      '/ui': 'http://127.0.0.1:3000',
      '/gateway': 'http://127.0.0.1:3000',
      '/media': 'http://127.0.0.1:3000',
    },
  },
}));
