// Checks each package's public API (its built declarations) against the report committed in its
// api/ folder, with API Extractor. A change to the public surface fails this check until the report
// is regenerated with `npm run api:update` and committed, so every change to the surface is reviewed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const update = process.argv.includes('--update');
const extractor = join(root, 'node_modules', '@microsoft', 'api-extractor', 'bin', 'api-extractor');

let failed = 0;
for (const name of readdirSync(join(root, 'packages'))) {
  const folder = join(root, 'packages', name);
  for (const config of readdirSync(folder).filter((file) => /^api-extractor(\..+)?\.json$/.test(file))) {
    mkdirSync(join(folder, 'api'), { recursive: true });
    const args = [extractor, 'run', '--config', config, ...(update ? ['--local'] : [])];
    const run = spawnSync(process.execPath, args, { cwd: folder, encoding: 'utf8' });
    const output = `${run.stdout}${run.stderr}`;
    if (run.status !== 0) {
      failed++;
      process.stderr.write(`\n${name}/${config}: the public API differs from api/ (or the check failed):\n${output}\n`);
    } else process.stdout.write(`${name}/${config}: public API ${update ? 'report written' : 'matches its report'}\n`);
  }
}
if (failed > 0) {
  process.stderr.write(`${failed} API report(s) differ. If the change is intended, run npm run api:update and commit packages/*/api/.\n`);
  process.exit(1);
}
