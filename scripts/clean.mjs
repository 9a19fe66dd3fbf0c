// `npm run clean`: removes what a build leaves behind in every workspace (and bench/): its dist/
// folder, and any *.tsbuildinfo beside the package's files or its tsconfig files.
// `node scripts/clean.mjs --dry-run` lists what would be removed and removes nothing.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dryRun = process.argv.includes('--dry-run');

/**
 * The folders of the root package's `workspaces` (plain paths or `dir/*` patterns), plus bench/.
 * @returns absolute folder paths that exist
 */
function projectFolders() {
  const { workspaces = [] } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const patterns = Array.isArray(workspaces) ? workspaces : (workspaces.packages ?? []);
  const folders = patterns.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [join(root, pattern)];
    const parent = join(root, pattern.slice(0, -2));
    if (!existsSync(parent)) return [];
    return readdirSync(parent, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(parent, entry.name));
  });
  return [...new Set([...folders, join(root, 'bench')])].filter(
    (folder) => existsSync(join(folder, 'package.json')) || existsSync(join(folder, 'tsconfig.json')),
  );
}

/**
 * What to remove in one project folder: dist/ and stray build-info files at its top level.
 * @param folder - an absolute project folder
 * @returns absolute paths to remove
 */
function targetsIn(folder) {
  const targets = [];
  if (existsSync(join(folder, 'dist'))) targets.push(join(folder, 'dist'));
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('.tsbuildinfo')) targets.push(join(folder, entry.name));
  }
  return targets;
}

const targets = [...projectFolders().flatMap(targetsIn), ...targetsIn(root).filter((path) => !path.endsWith('dist'))];
for (const target of targets) {
  console.log(`${dryRun ? 'would remove' : 'removing'} ${relative(root, target)}`);
  if (!dryRun) rmSync(target, { recursive: true, force: true });
}
if (targets.length === 0) console.log('nothing to clean');
