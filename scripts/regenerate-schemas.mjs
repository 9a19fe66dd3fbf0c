// Regenerates every tool-schema manifest the repository keeps, with the built
// @toolcraft/schema API (run through `npm run schemas`, which builds first).
// `node scripts/regenerate-schemas.mjs --check` only checks them and exits 1 when one is stale.
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const require = createRequire(import.meta.url);
const root = new URL('..', import.meta.url).pathname;
const { checkToolSchemas, formatDifferences, generateToolSchemas, readManifest, serializeManifest } = require(
  join(root, 'packages/schema/dist/cjs/index.js'),
);

/** Every manifest the repository keeps: the project it is generated from and where it is written. */
const manifests = [{ project: 'examples/src/schema-manifest/tsconfig.json', out: 'examples/src/schema-manifest/tool-schemas.json' }];

const check = process.argv.includes('--check');
let stale = 0;
for (const { project, out } of manifests) {
  const options = { project: join(root, project) };
  if (check) {
    const differences = checkToolSchemas({ ...options, manifest: readManifest(join(root, out)) });
    if (differences.length > 0) stale++;
    process.stdout.write(differences.length === 0 ? `${out} is up to date.\n` : formatDifferences(differences, out));
  } else {
    const manifest = generateToolSchemas(options);
    writeFileSync(join(root, out), serializeManifest(manifest));
    console.log(`Wrote ${Object.keys(manifest.tools).length} tool schemas to ${relative(root, join(root, out))}.`);
  }
}
if (stale > 0) {
  console.error('Run `npm run schemas` to regenerate the stale manifests.');
  process.exitCode = 1;
}
