import { readFileSync } from 'node:fs';

/**
 * The app's version: the root package.json's, which the web app compares via /version.json
 * (APP_VERSION_OVERRIDE replaces it: config.ts).
 */
export function readAppVersion(): string {
  const url = new URL('../../../package.json', import.meta.url);
  const pkg = JSON.parse(readFileSync(url, 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
}
