import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The web app is built into web/dist and served by the Koa server from the same origin.
export default defineConfig({
  root: 'web',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, manifest: true, chunkSizeWarningLimit: 1500, reportCompressedSize: false },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
