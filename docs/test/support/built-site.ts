import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The repository's root. */
export const repositoryRoot = join(__dirname, '..', '..', '..');
/** The built site, `npm run docs`'s output. */
export const siteRoot = join(repositoryRoot, 'docs', 'dist');
/** Written by scripts/build-docs.mjs once the whole site is built. */
const stampFile = join(siteRoot, 'build-stamp.json');

/** The newest modification time of the files under a folder (skipping some folder names). */
function newestIn(folder: string, skip: ReadonlySet<string>): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (skip.has(entry.name)) continue;
    const path = join(folder, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestIn(path, skip) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * Whether docs/dist is missing or older than what it is built from: the pages, the VitePress
 * config, the build script, and the packages' sources (the API reference).
 * @returns true when the site must be built
 */
export function siteIsStale(): boolean {
  if (!existsSync(stampFile)) return true;
  const built = statSync(stampFile).mtimeMs;
  const skip = new Set(['node_modules', 'dist', 'api', 'cache', 'test']);
  const sources = [
    join(repositoryRoot, 'docs'),
    ...readdirSync(join(repositoryRoot, 'packages')).map((name) => join(repositoryRoot, 'packages', name, 'src')),
  ];
  const newest = Math.max(
    statSync(join(repositoryRoot, 'scripts', 'build-docs.mjs')).mtimeMs,
    ...sources.filter((folder) => existsSync(folder)).map((folder) => newestIn(folder, skip)),
  );
  return newest > built;
}

/**
 * Builds the site with `npm run docs`'s script when it is missing or stale.
 * @param timeoutMs - how long the build may take
 * @returns whether it was built now
 */
export async function ensureBuiltSite(timeoutMs: number): Promise<boolean> {
  if (!siteIsStale()) return false;
  const output: string[] = [];
  const child = spawn(process.execPath, [join(repositoryRoot, 'scripts', 'build-docs.mjs')], {
    cwd: repositoryRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearTimeout(timer);
  if (code !== 0) throw new Error(`npm run docs failed (exit ${String(code)}):\n${output.join('').slice(-6000)}`);
  return true;
}
