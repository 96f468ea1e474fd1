import { createRequire } from 'node:module';

// Issue 46: the packages only some requests or some configurations use (the payment
// processor's SDK, SMTP, S3, Twilio, Redis, PDF rendering, passkeys) load when first used, not
// at start: each costs 25–150 ms of CPU to load, and a start that loads them all spent about a
// third of its time on code it did not run. Node 24's require() loads ES modules too (when they
// have no top-level await), synchronously, so a constructor or a synchronous method takes its
// package at the moment it first needs it. build.mjs keeps these packages out of the bundle
// (LAZY_PACKAGES there), so production loads them from node_modules as the tests do.
const require = createRequire(import.meta.url);

/**
 * The package's CommonJS-side exports (`module.exports`, or an ES module's namespace), loaded on
 * the first call and remembered. `T` is what the caller reads from it.
 */
export function lazyPackage<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
