// Fails when this process does not run on the Node major that package.json pins
// (devDependencies.node), and says which Node it found. Usage: node scripts/check-node.mjs LABEL
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const pinned = pkg.devDependencies?.node ?? '';
const pinnedMajor = /\d+/.exec(pinned)?.[0];
const label = process.argv[2] ?? 'this process';
const major = process.versions.node.split('.')[0];
if (major !== pinnedMajor) {
  console.error(
    `${label} runs on Node ${process.version}, but package.json pins node ${pinned}: ` +
      'run it through npm (npm run …, npx …) after npm install, which puts the pinned node first on PATH.',
  );
  process.exit(1);
}
console.error(`${label} runs on Node ${process.version} (pinned: node ${pinned})`);
