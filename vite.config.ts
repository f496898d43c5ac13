import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const page = (file: string) => fileURLToPath(new URL(file, import.meta.url));

// The shop's static assets live under the base path of seed 000 §2.
// In development the SPA is served from / (shop routes such as /uredjaj/... must reach index.html);
// the built assets live under the base path.
export default defineConfig(({ command }) => ({
  base: command === 'build' ? '/assets/ecommerce/dist/' : '/',
  plugins: [react()],
  build: {
    outDir: 'dist', sourcemap: false, target: 'es2022',
    // the shop, and the studio (served at /studio to staff on development servers; never loaded by the shop)
    rolldownOptions: { input: { main: page('./index.html'), studio: page('./studio/index.html') } },
  },
  server: {
    proxy: {
      '/hybris': 'http://127.0.0.1:3000',
      '/selfcare': 'http://127.0.0.1:3000',
      '/ui': 'http://127.0.0.1:3000',
      '/gateway': 'http://127.0.0.1:3000',
      '/media': 'http://127.0.0.1:3000',
      // the studio page is the built one (vite build), served by the API server with its assets
      '/studio': 'http://127.0.0.1:3000',
      '/assets/ecommerce/dist': 'http://127.0.0.1:3000',
    },
  },
}));
