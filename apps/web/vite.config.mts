import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// Served by the API process at `/`; during `npm run dev -w @inkprint/web` API paths are proxied to it.
const api = process.env.INKPRINT_API_ORIGIN ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  base: '/',
  // `@inkprint/*` resolve through their package.json `exports` under `source` (the zod-only TypeScript sources, not
  // the CommonJS dist). `@inkprint/contracts/policies` and `/ai/*` are zod-free entry points for the initial bundle.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 1024 },
  server: {
    proxy: Object.fromEntries(
      ['/auth', '/ai', '/api', '/health', '/admin', '/dev'].map((path) => [path, { target: api, changeOrigin: false }]),
    ),
  },
});
