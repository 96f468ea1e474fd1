// Issue 46: writes sign-in.html beside the build's index.html: the same document with the sign-in
// page rendered into #root and the Emotion CSS it uses in <head>, so a signed-out visitor's
// first paint comes with the HTML instead of after the JavaScript (the server answers `/` with
// it; main.tsx hydrates it). The page is rendered from the app's own modules through Vite's SSR
// loader (the same config: aliases, JSON, import.meta.env), after `vite build`.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import type * as SignInDocument from '../src/app/prerender/sign-in-document';

const webDir = fileURLToPath(new URL('..', import.meta.url));
const outDir = path.resolve(webDir, process.env.PORTAL_WEB_OUT_DIR ?? 'dist');

const started = performance.now();
const vite = await createServer({
  root: webDir,
  configFile: path.join(webDir, 'vite.config.ts'),
  logLevel: 'warn',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  optimizeDeps: { noDiscovery: true, include: [] },
});
try {
  const entry = (await vite.ssrLoadModule(
    '/src/app/prerender/sign-in-document.tsx',
  )) as typeof SignInDocument;
  const index = await readFile(path.join(outDir, 'index.html'), 'utf8');
  const document = await entry.renderSignInDocument(index, new Date().getFullYear());
  await writeFile(path.join(outDir, 'sign-in.html'), document);
  const ms = Math.round(performance.now() - started);
  console.log(`sign-in.html pre-rendered in ${ms} ms (${Math.round(document.length / 1024)} KB)`);
} finally {
  await vite.close();
}
