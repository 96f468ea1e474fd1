import { enableCompileCache } from 'node:module';
import { fileURLToPath } from 'node:url';

// dist/main.js, what production runs (build.mjs; the server itself is main.ts, built as
// dist/server.js). Issue 46: compiling the server's bundle was a quarter of a start's CPU;
// Node's compile cache keeps V8's compiled code between runs. The build writes the cache into
// dist/.compile-cache (build.mjs), so a release, and the image that copies it, starts with it
// even where the process cannot write beside its code; where it can, Node refreshes it after a
// rebuild. Portable: the cache is keyed by paths relative to its directory, so it stays valid
// when the release folder moves (/release in the image's build stage, /app at run time).
// NODE_COMPILE_CACHE, when set, wins: Node has then enabled its own before this line runs.
enableCompileCache({
  directory: fileURLToPath(new URL('./.compile-cache', import.meta.url)),
  portable: true,
});

// Not a literal: the server is built apart (a bundle of its own, compiled through the cache).
const server = './server.js';
await import(server);
