// Generates typed documents for the web app's GraphQL operations (`src/**/*.graphql`) from the
// server's SDL (`apps/server/schema.graphql`), with GraphQL Code Generator's client preset.
// The codegen CLI is not installable here, so this drives `@graphql-codegen/core` directly.
// Run: `npx tsx apps/web/scripts/codegen.ts` (add `--check` to fail when the output is stale).
import { codegen } from '@graphql-codegen/core';
import { preset } from '@graphql-codegen/client-preset';
import type { Types } from '@graphql-codegen/plugin-helpers';
import { buildSchema, parse } from 'graphql';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const schemaPath = process.env.SCHEMA_PATH ?? path.resolve(webRoot, '../server/schema.graphql');
const srcDir = path.join(webRoot, 'src');
const outDir = 'src/gql/';

async function findOperationFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map(async (entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'gql' ? [] : findOperationFiles(full);
      return entry.name.endsWith('.graphql') ? [full] : [];
    }),
  );
  return nested.flat().sort();
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const sdl = await readFile(schemaPath, 'utf8');
  const schemaAst = buildSchema(sdl);
  const schema = parse(sdl);
  const files = await findOperationFiles(srcDir);
  const documents: Types.DocumentFile[] = await Promise.all(
    files.map(async (file) => {
      const rawSDL = await readFile(file, 'utf8');
      return { location: path.relative(webRoot, file), document: parse(rawSDL), rawSDL };
    }),
  );

  const config = {
    documentMode: 'string',
    useTypeImports: true,
    enumType: 'const',
    avoidOptionals: false,
    scalars: { ID: 'string', DateTime: 'string', Date: 'string', JSON: 'unknown' },
  };
  const sections = await preset.buildGeneratesSection({
    baseOutputDir: outDir,
    schema,
    schemaAst,
    documents,
    plugins: [],
    pluginMap: {},
    config,
    presetConfig: { fragmentMasking: false, persistedDocuments: true },
    documentTransforms: [],
  });

  let stale = false;
  for (const section of sections) {
    const output = await codegen({ ...section, schemaAst });
    const target = path.join(webRoot, section.filename);
    if (check) {
      const current = await readFile(target, 'utf8').catch(() => '');
      if (current !== output) {
        stale = true;
        console.error(`stale: ${section.filename}`);
      }
      continue;
    }
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, output);
    console.log(`wrote ${section.filename}`);
  }
  if (stale) process.exitCode = 1;
}

await main();
