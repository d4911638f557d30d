import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// Served by the API process under /admin (see apps/api/src/web-apps); the router basename matches `base`.
const api = process.env.INKPRINT_API_ORIGIN ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  base: '/admin/',
  // `@inkprint/*` resolve through their package.json `exports` under `source` (TypeScript sources, not the CommonJS dist).
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 2048 },
  server: {
    // In `vite` dev mode, API calls (JSON, not page loads) go to the API process.
    proxy: {
      '^/admin/(?!assets/|src/|@|node_modules/).+': {
        target: api,
        bypass: (req) => (req.headers.accept?.includes('text/html') ? '/admin/index.html' : undefined),
      },
      '/auth': api,
      '/ai': api,
      '/api': api,
      '/health': api,
    },
  },
});
