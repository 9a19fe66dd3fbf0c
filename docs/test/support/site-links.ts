import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileOf } from './static-server';

/** One built page: its links and its anchors, as the server-rendered HTML has them. */
export interface BuiltPage {
  /** The page's path on the site (`/guide/install.html`). */
  readonly path: string;
  /** Each `href`, as written. */
  readonly hrefs: string[];
  /** Each element `id`. */
  readonly ids: Set<string>;
}

/** Decodes the few entities VitePress writes in attribute values. */
function attribute(value: string): string {
  return value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

/**
 * Every HTML page of a built site (`404.html` left out) with its links and anchors.
 * @param root - the site's folder
 * @returns the pages, sorted by path
 */
export function builtPages(root: string): BuiltPage[] {
  const pages: BuiltPage[] = [];
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.html') && entry.name !== '404.html') {
        const html = readFileSync(file, 'utf8');
        pages.push({
          path: '/' + relative(root, file).split(sep).join('/'),
          hrefs: Array.from(html.matchAll(/\shref="([^"]*)"/g), (match) => attribute(match[1]!)),
          ids: new Set(Array.from(html.matchAll(/\sid="([^"]*)"/g), (match) => attribute(match[1]!))),
        });
      }
    }
  };
  walk(root);
  return pages.sort((a, b) => a.path.localeCompare(b.path));
}

/** A link of a page to a page of the site (the page and its anchor), or undefined for any other link. */
export function internalTarget(
  root: string,
  from: string,
  href: string,
): { path: string | undefined; hash: string; pathname: string } | undefined {
  const base = 'http://site.invalid';
  const url = new URL(href, base + from);
  if (url.origin !== base) return undefined;
  const file = fileOf(root, url.pathname);
  const path = file === undefined ? undefined : '/' + relative(root, file).split(sep).join('/');
  return { path, hash: url.hash === '' ? '' : decodeURIComponent(url.hash.slice(1)), pathname: url.pathname };
}
