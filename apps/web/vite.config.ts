import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkGroups } from './build/chunk-groups.ts';
import { compileHints } from './build/compile-hints.ts';
import { compress } from './build/compress.ts';
import { firstPaint } from './build/first-paint.ts';
import { preactCompat } from './build/preact.ts';
import { routePreloads } from './build/route-preloads.ts';
import { routeTable } from './build/route-table.ts';
import { splitBundles } from './build/split-bundles.ts';
import { treeshake } from './build/treeshake.ts';
import { zodJitless } from './build/zod-jitless.ts';
import { pwa } from './pwa.config.ts';

const server = 'http://localhost:8080';

// The server serves apps/web/dist and fills <!--FIT24_CONFIG--> in index.html with the API key.
// In development (`npm run dev -w apps/web`) calls go through this proxy to a server on :8080.
export default defineConfig({
  plugins: [
    react(),
    preactCompat(),
    pwa(),
    splitBundles(),
    routeTable(),
    zodJitless(),
    routePreloads(),
    firstPaint(),
    compileHints(),
    compress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      treeshake,
      // A first screen's modules in a few files rather than dozens (build/chunk-groups.ts).
      output: { codeSplitting: { groups: chunkGroups() } },
    },
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
