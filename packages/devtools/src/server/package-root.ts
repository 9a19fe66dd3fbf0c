import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const packageName = '@toolcraft/devtools';

function isPackageRoot(directory: string): boolean {
  const manifest = join(directory, 'package.json');
  if (!existsSync(manifest)) return false;
  try {
    return (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === packageName;
  } catch {
    return false;
  }
}

/**
 * The folder of this package (where `static/` is): found from this file in CommonJS, else resolved
 * from the working directory (the ES module build has no `__dirname`).
 * @returns the package's folder
 * @internal
 */
export function packageRoot(): string {
  if (typeof __dirname === 'string') {
    for (let directory = __dirname; ; directory = dirname(directory)) {
      if (isPackageRoot(directory)) return directory;
      if (dirname(directory) === directory) break;
    }
  }
  return dirname(createRequire(join(process.cwd(), 'index.js')).resolve(`${packageName}/package.json`));
}

/**
 * The folder of the ES module build of the JSON Schema validator the page checks forms with.
 * @param root - this package's folder
 * @returns the folder
 * @internal
 */
export function validatorModules(root: string): string {
  return join(dirname(createRequire(join(root, 'package.json')).resolve('@cfworker/json-schema/package.json')), 'dist', 'esm');
}
