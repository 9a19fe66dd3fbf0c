// Marks each package's ESM output as ES modules, so Node and TypeScript read
// dist/esm/*.js and *.d.ts as ESM while dist/cjs stays CommonJS.
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const packagesDirectory = new URL('../packages/', import.meta.url).pathname;
for (const name of readdirSync(packagesDirectory)) {
  const esm = join(packagesDirectory, name, 'dist', 'esm');
  if (existsSync(esm)) writeFileSync(join(esm, 'package.json'), '{ "type": "module" }\n');
  const cjs = join(packagesDirectory, name, 'dist', 'cjs');
  if (existsSync(cjs)) writeFileSync(join(cjs, 'package.json'), '{ "type": "commonjs" }\n');
}
