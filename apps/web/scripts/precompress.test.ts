import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('precompressDirectory (issue 16: no asset compressed per request)', () => {
  it('writes a .br and a .gz beside each compressible file that decode to the same bytes', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'portal-precompress-'));
    mkdirSync(path.join(dir, 'assets'));
    const script = `export const words = ${JSON.stringify('hola '.repeat(2000))};`;
    const files = {
      'assets/home-1a2b.js': script,
      'assets/home-1a2b.css': `.a{color:red}`.repeat(200),
      'favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(400)}</svg>`,
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
    // Left alone: too small to be worth it, and formats that are compressed already.
    writeFileSync(path.join(dir, 'assets', 'tiny-9f8e.js'), 'export {};');
    writeFileSync(path.join(dir, 'assets', 'inter.woff2'), Buffer.alloc(4096, 7));

    expect(await precompressDirectory(dir)).toBe(3);

    for (const [name, text] of Object.entries(files)) {
      const file = path.join(dir, name);
      expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString(), name).toBe(text);
      expect(gunzipSync(readFileSync(`${file}.gz`)).toString(), name).toBe(text);
      expect(readFileSync(`${file}.br`).length, name).toBeLessThan(text.length / 4);
    }
    for (const name of ['assets/tiny-9f8e.js', 'assets/inter.woff2']) {
      expect(existsSync(path.join(dir, `${name}.br`)), name).toBe(false);
      expect(existsSync(path.join(dir, `${name}.gz`)), name).toBe(false);
    }
  });
});
