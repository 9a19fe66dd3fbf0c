import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One file the page is made of: its type and content. */
interface StaticFile {
  type: string;
  body: Buffer;
}

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

function typeOf(name: string): string | undefined {
  const extension = name.slice(name.lastIndexOf('.'));
  return types[extension];
}

/**
 * The page's files, read once: the package's `static/` folder at `/`, and the validator's modules at
 * `/vendor/json-schema/`. Only these paths are served: a request never names a file on disk.
 * @param staticDir - the page's folder
 * @param validatorDir - the validator's ES modules
 * @returns the files by URL path
 * @internal
 */
export function loadStaticFiles(staticDir: string, validatorDir: string): ReadonlyMap<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const add = (urlPath: string, file: string, name: string) => {
    const type = typeOf(name);
    if (type !== undefined) files.set(urlPath, { type, body: readFileSync(file) });
  };
  for (const name of readdirSync(staticDir)) add(`/${name}`, join(staticDir, name), name);
  for (const name of readdirSync(validatorDir))
    if (name.endsWith('.js')) add(`/vendor/json-schema/${name}`, join(validatorDir, name), name);
  const index = files.get('/index.html');
  if (index !== undefined) files.set('/', index);
  return files;
}
