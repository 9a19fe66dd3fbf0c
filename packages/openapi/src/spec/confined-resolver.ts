import { readFile, realpath } from 'node:fs/promises';
import { dirname, isAbsolute, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ResolverError, type FileInfo } from '@apidevtools/json-schema-ref-parser';

/**
 * A `$ref` resolver for a spec read from a file: it reads the files its relative `$ref`s name, only
 * inside the spec's own folder (symbolic links followed, then checked); anything else (a file
 * elsewhere, `/etc/...`, a URL) is refused, saying so.
 * @param specFile - the spec's absolute path
 * @returns the resolver, to pass as `resolve.confined` (the library's own file and HTTP resolvers off)
 */
export function confinedResolver(specFile: string) {
  const folder = dirname(specFile);
  let realFolder: Promise<string> | undefined;
  return {
    order: 1,
    canRead: true,
    async read(file: FileInfo): Promise<Buffer> {
      const { url } = file;
      // The library's own errors carry their message through to ours.
      const refuse = (problem: string) => new ResolverError(new Error(problem), url);
      if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url) && !url.startsWith('file:'))
        throw refuse(`the $ref ${url} names a remote document, which is not fetched; download it next to the spec.`);
      const path = url.startsWith('file:') ? fileURLToPath(url) : decodeURIComponent(url);
      let base: string;
      let target: string;
      try {
        realFolder ??= realpath(folder);
        [base, target] = await Promise.all([realFolder, realpath(path)]);
      } catch (error) {
        throw refuse(`the $ref ${path} could not be read: ${(error as Error).message}`);
      }
      const inside = relative(base, target);
      if (inside === '' || inside.startsWith('..') || isAbsolute(inside))
        throw refuse(`the $ref ${path} is outside the spec's folder (${folder}); only files inside it are read.`);
      try {
        return await readFile(target);
      } catch (error) {
        throw refuse(`the $ref ${path} could not be read: ${(error as Error).message}`);
      }
    },
  };
}
