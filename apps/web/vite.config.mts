import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// Served by the API process at `/`; during `npm run dev -w @inkprint/web` API paths are proxied to it.
const api = process.env.INKPRINT_API_ORIGIN ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  base: '/',
  resolve: {
    // contracts' package.json points at a CommonJS dist; the browser build takes its (zod-only) source.
    // `@inkprint/contracts/policies` and `/errors-catalogue` are zod-free entry points for the initial bundle.
    alias: [
      {
        find: /^@inkprint\/browser-client$/,
        replacement: fileURLToPath(new URL('../../libs/browser-client/src/index.ts', import.meta.url)),
      },
      {
        find: /^@inkprint\/contracts$/,
        replacement: fileURLToPath(new URL('../../libs/contracts/src/index.ts', import.meta.url)),
      },
      {
        find: /^@inkprint\/contracts\/(.*)$/,
        replacement: fileURLToPath(new URL('../../libs/contracts/src/', import.meta.url)) + '$1',
      },
    ],
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 1024 },
  server: {
    proxy: Object.fromEntries(
      ['/auth', '/ai', '/api', '/health', '/admin', '/dev'].map((path) => [path, { target: api, changeOrigin: false }]),
    ),
  },
});
