import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const server = 'http://localhost:8080';

// The server serves apps/web/dist and fills <!--FIT24_CONFIG--> in index.html with the API key.
// In development (`npm run dev -w apps/web`) calls go through this proxy to a server on :8080.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Ionic, React and the contract's zod schemas make one ~1.5 MB (≈350 kB gzip) entry; screens split later.
    chunkSizeWarningLimit: 1800,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': server,
      '/ops': server,
      '/r': server,
      '/ws': { target: server.replace('http', 'ws'), ws: true },
    },
  },
});
