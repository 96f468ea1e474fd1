import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The dev server proxies every server path to a locally running API (port 3100 by default),
// so `npm run dev -w apps/web` works against `PORT=3100 npx tsx apps/server/src/main.ts`.
const apiTarget = process.env.PORTAL_API_URL ?? 'http://localhost:3100';
const proxied = [
  '/identity',
  '/user',
  '/connect',
  '/version.json',
  '/config.json',
  '/client-errors',
  '/dev',
];

export default defineConfig({
  plugins: [react()],
  server: {
    port: 3101,
    strictPort: true,
    proxy: {
      ...Object.fromEntries(proxied.map((path) => [path, { target: apiTarget }])),
      '/graphql': { target: apiTarget, ws: true },
    },
  },
  preview: { port: 3102, strictPort: true },
  build: {
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 400,
  },
});
