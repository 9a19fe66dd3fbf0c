// The `prepack` guard of every published package: `npm pack` (and `npm publish`) run it in the
// package's folder, and it fails with a message saying what to do when the package's build is missing
// or older than its sources, so that a tarball never ships a stale or absent dist/.
//
//   node ../../scripts/check-packed-build.mjs          (the `prepack` script of packages/*/package.json)
//   node scripts/check-packed-build.mjs packages/core  (by hand: the folders to check)
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The newest file under a folder (recursively), or undefined for an empty or missing folder.
 * @param {string} folder
 * @returns {{ path: string, mtimeMs: number } | undefined}
 */
function newestFile(folder) {
  if (!existsSync(folder)) return undefined;
  let newest;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    const candidate = entry.isDirectory() ? newestFile(path) : entry.isFile() ? { path, mtimeMs: statSync(path).mtimeMs } : undefined;
    if (candidate !== undefined && (newest === undefined || candidate.mtimeMs > newest.mtimeMs)) newest = candidate;
  }
  return newest;
}

/**
 * Every file a package's manifest points at: `main`, `module`, `types` and each target of `exports`
 * (`./package.json` aside).
 * @param {Record<string, unknown>} manifest
 * @returns {string[]} paths relative to the package
 */
function entryPoints(manifest) {
  const targets = [manifest.main, manifest.module, manifest.types];
  const visit = (value) => {
    if (typeof value === 'string') targets.push(value);
    else if (value !== null && typeof value === 'object') for (const nested of Object.values(value)) visit(nested);
  };
  for (const [subpath, value] of Object.entries(
    typeof manifest.exports === 'object' && manifest.exports !== null ? manifest.exports : {},
  )) {
    if (subpath !== './package.json') visit(value);
  }
  return [...new Set(targets.filter((target) => typeof target === 'string' && target !== './package.json'))];
}

/** A time as the reader's clock shows it: `2026-12-06 21:40:03`. */
function clock(mtimeMs) {
  const date = new Date(mtimeMs);
  const pad = (value) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/**
 * Why a package folder cannot be packed, or undefined when its build is there and newer than its sources.
 * @param {string} folder - the package's folder (holds package.json, src/ and dist/)
 * @returns {string | undefined} the message
 */
function packedBuildProblem(folder) {
  const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
  const name = manifest.name ?? relative(process.cwd(), folder);
  const build = 'Run `npm run build` at the root of the repository, then pack again.';
  const missing = entryPoints(manifest).filter((target) => !existsSync(join(folder, target)));
  if (!existsSync(join(folder, 'dist')) || missing.length > 0) {
    const what = existsSync(join(folder, 'dist'))
      ? `its build is incomplete: ${missing.join(', ')} missing`
      : 'it has no dist/ (it was never built, or cleaned)';
    return `${name} cannot be packed: ${what}. ${build}`;
  }
  const source = newestFile(join(folder, 'src'));
  const output = newestFile(join(folder, 'dist'));
  if (source !== undefined && (output === undefined || source.mtimeMs > output.mtimeMs)) {
    return (
      `${name} cannot be packed: dist/ is older than src/ (${relative(folder, source.path)} changed at ${clock(source.mtimeMs)}, ` +
      `after the last build at ${output === undefined ? 'never' : clock(output.mtimeMs)}), so the tarball would ship stale code. ${build}`
    );
  }
  return undefined;
}

const folders = process.argv.length > 2 ? process.argv.slice(2) : [process.cwd()];
const problems = folders.map(packedBuildProblem).filter((problem) => problem !== undefined);
for (const problem of problems) console.error(`check-packed-build: ${problem}`);
if (problems.length > 0) process.exit(1);
