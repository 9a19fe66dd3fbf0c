import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** One copy of a package found loaded in the process. */
interface LoadedCopy {
  /** Its folder, e.g. `/app/node_modules/class-transformer`. */
  root: string;
  /** The version its `package.json` gives, or `unknown version`. */
  version: string;
  /** Whether it is the copy @toolcraft/core itself loads (known under CommonJS only). */
  ownCopy: boolean;
}

/** The packages whose decorators toolcraft reads: a second copy keeps its own metadata, invisible to toolcraft. */
type DecoratorPackage = 'class-transformer' | 'class-validator';

/**
 * Finds the copies of a package loaded through Node's module cache (`require.cache`, which Node also
 * fills when an ES module imports these CommonJS packages). Copies a bundler inlined, or that only a
 * test runner's own module registry holds, are not seen.
 * @param name - the package
 * @returns each loaded copy once, toolcraft's own first when known
 */
function findLoadedCopies(name: DecoratorPackage): LoadedCopy[] {
  const own = ownRoot(name);
  const roots = new Set<string>(own === undefined ? [] : [own]);
  const pattern = new RegExp(`^(.*[\\\\/]node_modules[\\\\/]${name})[\\\\/]`);
  for (const cache of moduleCaches()) {
    for (const key of Object.keys(cache)) {
      const root = pattern.exec(key)?.[1];
      if (root !== undefined) roots.add(root);
    }
  }
  return [...roots].map((root) => ({ root, version: versionAt(root), ownCopy: root === own }));
}

/**
 * Says, for an error message, that a package is loaded more than once, naming each copy with its
 * version and folder.
 * @param name - the package
 * @returns the sentence, or undefined when one copy (or none) is seen
 */
export function describeLoadedCopies(name: DecoratorPackage): string | undefined {
  const copies = findLoadedCopies(name);
  if (copies.length < 2) return undefined;
  const listed = copies.map((copy) => `${copy.version} at ${copy.root}${copy.ownCopy ? ' (the copy @toolcraft/core uses)' : ''}`);
  return (
    `${name} is loaded ${copies.length} times: ${listed.join('; ')}. Decorators recorded by one copy are invisible to the others: ` +
    `install one copy for the application and @toolcraft/core (it is a peer dependency; see \`npm ls ${name}\`, then align the versions or \`npm dedupe\`).`
  );
}

function moduleCaches(): Array<Record<string, unknown>> {
  const caches: Array<Record<string, unknown>> = [];
  try {
    caches.push(createRequire(join(process.cwd(), 'index.js')).cache);
  } catch {
    // No Node module system (a bundle): nothing to scan.
  }
  if (typeof require === 'function' && typeof require.cache === 'object' && !caches.includes(require.cache)) caches.push(require.cache);
  return caches;
}

function ownRoot(name: DecoratorPackage): string | undefined {
  if (typeof require !== 'function') return undefined;
  try {
    return new RegExp(`^(.*[\\\\/]node_modules[\\\\/]${name})[\\\\/]`).exec(require.resolve(name))?.[1];
  } catch {
    return undefined;
  }
}

function versionAt(root: string): string {
  try {
    const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version?: unknown }).version;
    return typeof version === 'string' ? version : 'unknown version';
  } catch {
    return 'unknown version';
  }
}
