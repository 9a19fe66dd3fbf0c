// The TypeScript code blocks of the documentation (README.md, packages/*/README.md, docs/**/*.md),
// with the marker each carries. The convention is written in CONTRIBUTING.md ("Code blocks in the docs").
const { execFileSync } = require('node:child_process');
const { existsSync, readFileSync, readdirSync, statSync } = require('node:fs');
const { join, relative } = require('node:path');

/** What the test does with a block; `run` unless a marker says otherwise. */
const modes = ['run', 'compile-only', 'skip', 'expect-error'];
/** Languages whose blocks are snippets; every other fence (sh, jsonc, kotlin, ...) is ignored. */
const languages = new Set(['ts', 'typescript']);
/** Folders under docs/ that hold no pages: the generator's output, cache and dependencies. */
const ignoredFolders = new Set(['node_modules', 'dist', 'cache', '.vitepress-cache']);

/**
 * @typedef {object} Snippet
 * @property {string} markdown - the Markdown file, relative to the repository (e.g. 'packages/core/README.md')
 * @property {number} line - the 1-based line of the opening fence in that file
 * @property {'run' | 'compile-only' | 'skip' | 'expect-error'} mode
 * @property {string} name - the snippet's file name: `file=` of its marker, else `line-<line>.ts`
 * @property {string} source - the block's text, its fence's indentation removed
 */

/**
 * Reads a marker comment (`<!-- snippet: compile-only file=agent.ts -->`) into a mode and a name.
 * @param {string} text - the marker's words, after `snippet:`
 * @param {string} where - `file:line`, for the error
 * @returns {{ mode?: string, name?: string }}
 * @throws Error naming the word that is not a mode or `file=<name>.ts`
 */
function parseMarker(text, where) {
  const marker = {};
  for (const word of text.split(/[\s,]+/).filter(Boolean)) {
    const file = /^file=([\w.-]+\.ts)$/.exec(word);
    if (file !== null) marker.name = file[1];
    else if (modes.includes(word) && marker.mode === undefined) marker.mode = word;
    else
      throw new Error(
        `${where}: unknown snippet marker word '${word}'; expected one of ${modes.join(', ')} and optionally file=<name>.ts.`,
      );
  }
  return marker;
}

/**
 * The ```ts and ```typescript blocks of one Markdown file, in order.
 * @param {string} repository - the repository root
 * @param {string} markdown - the file, relative to the repository
 * @returns {Snippet[]}
 * @throws Error on an unknown marker word, an unclosed block, or two blocks with one name
 */
function snippetsOf(repository, markdown) {
  const lines = readFileSync(join(repository, markdown), 'utf8').split(/\r?\n/);
  const snippets = [];
  const names = new Set();
  for (let index = 0; index < lines.length; index++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([^\s`{:[]*)(.*)$/.exec(lines[index]);
    // An info string with a backtick is no fence (CommonMark): e.g. an inline ```` ```json ```` in prose.
    if (open === null || (open[2].startsWith('`') && open[4].includes('`'))) continue;
    const [, indent, fence, language] = open;
    const close = lines.findIndex((line, at) => at > index && line.trim().startsWith(fence) && line.trim().replace(/[`~]/g, '') === '');
    if (close < 0) throw new Error(`${markdown}:${index + 1}: the code block is never closed.`);
    if (languages.has(language.toLowerCase())) {
      const line = index + 1;
      const where = `${markdown}:${line}`;
      let before = index - 1;
      while (before >= 0 && lines[before].trim() === '') before--;
      const comment = before >= 0 ? /^\s*<!--\s*snippet:(.*?)-->\s*$/.exec(lines[before]) : null;
      const marker = comment === null ? {} : parseMarker(comment[1], where);
      const name = marker.name ?? `line-${line}.ts`;
      if (names.has(name)) throw new Error(`${where}: a second snippet named ${name} in ${markdown}.`);
      names.add(name);
      const body = lines.slice(index + 1, close).map((text) => (text.startsWith(indent) ? text.slice(indent.length) : text.trimStart()));
      snippets.push({ markdown, line, mode: marker.mode ?? 'run', name, source: `${body.join('\n')}\n` });
    }
    index = close;
  }
  return snippets;
}

/** Every Markdown file under a folder, recursively, skipping generated and dependency folders. */
function markdownUnder(folder) {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .sort()
    .flatMap((name) => {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) return ignoredFolders.has(name) ? [] : markdownUnder(path);
      return name.endsWith('.md') ? [path] : [];
    });
}

/**
 * The Markdown files under docs/ that git sees (tracked, or new and not ignored), so that generated
 * pages (an API reference written by the docs build, git-ignored) are left out; without git, every
 * Markdown file outside generated and dependency folders.
 */
function docsPages(repository) {
  try {
    const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', 'docs/*.md', 'docs/**/*.md'], {
      cwd: repository,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const files = [...new Set(listed.split('\n').filter((file) => file !== ''))];
    return files.filter((file) => existsSync(join(repository, file)) && !file.split('/').some((part) => ignoredFolders.has(part))).sort();
  } catch {
    return markdownUnder(join(repository, 'docs')).map((file) => relative(repository, file));
  }
}

/**
 * The Markdown files whose blocks are checked: README.md, packages/*\/README.md and docs/**\/*.md.
 * @param {string} repository
 * @returns {string[]} paths relative to the repository, with forward slashes
 */
function documentationFiles(repository) {
  const packages = readdirSync(join(repository, 'packages'))
    .sort()
    .map((name) => join('packages', name, 'README.md'))
    .filter((file) => existsSync(join(repository, file)));
  return ['README.md', ...packages, ...docsPages(repository)].map((file) => file.split('\\').join('/'));
}

/**
 * The figure of the docs' blocks: per Markdown file, the blocks found, compiled (every mode but
 * skip), run and skipped, and a total line.
 * @param {Snippet[]} snippets
 * @returns {string} a plain-text table
 */
function snippetFigure(snippets) {
  const rows = new Map();
  for (const { markdown, mode } of snippets) {
    const row = rows.get(markdown) ?? { found: 0, compiled: 0, run: 0, skipped: 0 };
    row.found++;
    if (mode === 'skip') row.skipped++;
    else row.compiled++;
    if (mode === 'run') row.run++;
    rows.set(markdown, row);
  }
  const total = { found: 0, compiled: 0, run: 0, skipped: 0 };
  for (const row of rows.values()) for (const key of Object.keys(total)) total[key] += row[key];
  const lines = [...rows, ['total', total]].map(([name, row]) => [name, row.found, row.compiled, row.run, row.skipped]);
  const header = ['file', 'found', 'compiled', 'run', 'skipped'];
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => String(line[column]).length)));
  const format = (line) =>
    line.map((cell, column) => (column === 0 ? String(cell).padEnd(widths[0]) : String(cell).padStart(widths[column]))).join('  ');
  return [format(header), ...lines.map(format)].join('\n');
}

module.exports = { documentationFiles, snippetFigure, snippetsOf };

// `node integration/test/support/markdown-snippets.js` prints the figure without compiling anything.
if (require.main === module) {
  const repository = join(__dirname, '..', '..', '..');
  console.log(snippetFigure(documentationFiles(repository).flatMap((file) => snippetsOf(repository, file))));
}
