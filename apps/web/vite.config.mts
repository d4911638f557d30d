import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Served by the API process at `/`; during `npm run dev -w @inkprint/web` API paths are proxied to it.
const api = process.env.INKPRINT_API_ORIGIN ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  base: '/',
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 1024 },
  server: {
    proxy: Object.fromEntries(['/auth', '/ai', '/api', '/health', '/admin'].map((path) => [path, { target: api, changeOrigin: false }])),
  },
});
