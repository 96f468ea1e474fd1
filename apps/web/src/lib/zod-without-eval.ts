// zod 4 probes `new Function('')` the first time it parses an object, to compile a faster
// parser. The server's CSP allows no eval, so the probe throws (zod catches it) and Chromium
// still reports a CSP violation on every page that validates a form (Lighthouse's
// inspector-issues, issue 46). zod's `jitless` option skips the probe and the compiler. zod
// keeps its options on globalThis (shared by every copy of zod in the page), so the entry sets
// this without loading zod: the sign-in page loads zod only when the customer types.

interface ZodGlobal {
  __zod_globalConfig?: { jitless?: boolean };
}

/** Tells every zod in `scope` to validate without eval (call before the first parse). */
export function validateWithoutEval(scope: object): void {
  const holder = scope as ZodGlobal;
  holder.__zod_globalConfig ??= {};
  holder.__zod_globalConfig.jitless = true;
}
