import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { printedSchema } from './schema';

// Writes the SDL the web app's typed documents are generated from (checked in).
const target = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../schema.graphql');
writeFileSync(target, printedSchema());
process.stdout.write(`wrote ${target}\n`);
