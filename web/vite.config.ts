import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { requestValidators } from './build/request-validators.ts';
import { precompress } from './build/precompress.ts';

// The web app is built into web/dist and served by the Koa server from the same origin.
// react-router's package exports resolve to its development build under every condition; its
// production build is half the size and drops the dev-time checks.
const routerProd = (file: string) =>
  fileURLToPath(new URL(`../node_modules/react-router/dist/production/${file}`, import.meta.url));

export default defineConfig({
  root: 'web',
  plugins: [react(), requestValidators(), precompress()],
  resolve: {
    alias: [
      { find: /^react-router$/, replacement: routerProd('index.mjs') },
      { find: /^react-router\/dom$/, replacement: routerProd('dom-export.mjs') },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 1500,
    reportCompressedSize: false,
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
