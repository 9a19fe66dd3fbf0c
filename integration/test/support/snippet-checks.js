// Type-checks the docs' snippets as one tsc program in the outside project (one ES module per
// snippet, under src/<markdown path>/) and runs the compiled ones with node, a few at a time, each
// with a time limit. Errors are reported at the Markdown file's own lines.
const { execFile } = require('node:child_process');
const { copyFileSync, mkdirSync, realpathSync, rmSync, writeFileSync } = require('node:fs');
const { dirname, join } = require('node:path');
const { pathToFileURL } = require('node:url');
const { childEnvironment } = require('./outside-project');

/** What the docs tell users to set (README.md, "Install"), as an ES module project. */
const compilerOptions = {
  target: 'ES2022',
  module: 'nodenext',
  moduleResolution: 'nodenext',
  moduleDetection: 'force',
  strict: true,
  experimentalDecorators: true,
  emitDecoratorMetadata: true,
  esModuleInterop: true,
  resolveJsonModule: true,
  skipLibCheck: true,
  noEmitOnError: false,
  sourceMap: true,
  types: ['node', 'jest'],
  rootDir: 'src',
  outDir: 'dist',
};

/** A snippet's file under src/ (and, as .js, under dist/): its Markdown path without `.md`, then its name. */
function snippetPath(snippet) {
  return `${snippet.markdown.replace(/\.md$/i, '')}/${snippet.name}`;
}

/** Whether a snippet is written as a jest test file (calls `it`, `test` or `describe` at its top level). */
function isJestStyle(snippet) {
  return /^(?:it|test|describe)\(/m.test(snippet.source);
}

/** `file:line` of a block's opening fence. */
function where(snippet) {
  return `${snippet.markdown}:${snippet.line}`;
}

/** Writes tsconfig.json naming the files of the snippets to compile. */
function writeTsconfig(folder, snippets, options) {
  const files = snippets.map((snippet) => `src/${snippetPath(snippet)}`);
  writeFileSync(join(folder, 'tsconfig.json'), JSON.stringify({ compilerOptions: options, files }, null, 2));
}

/**
 * Writes the program: package.json (an ES module package unless told otherwise) and one file per snippet.
 * @param {string} folder - emptied first
 * @param {import('./markdown-snippets').Snippet[]} snippets - those to compile
 * @param {'module' | 'commonjs'} [type] - the package's `"type"`
 */
function writeSnippetProgram(folder, snippets, type = 'module') {
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(join(folder, 'src'), { recursive: true });
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ type }, null, 2));
  copyFileSync(join(__dirname, 'jest-globals.mjs'), join(folder, 'jest-globals.mjs'));
  for (const snippet of snippets) {
    const file = join(folder, 'src', snippetPath(snippet));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, snippet.source);
  }
}

/**
 * One tsc run over the given snippets, its diagnostics sorted by snippet.
 * @returns {Promise<{ errors: Map<object, string[]>, other: string[] }>}
 */
function compileOnce(folder, snippets, tsc, options) {
  writeTsconfig(folder, snippets, options);
  const byPath = new Map(snippets.map((snippet) => [`src/${snippetPath(snippet)}`, snippet]));
  return new Promise((resolve) => {
    execFile(
      tsc,
      ['-p', '.', '--pretty', 'false'],
      { cwd: folder, env: childEnvironment(), maxBuffer: 64 * 1024 * 1024 },
      (_error, stdout, stderr) => {
        const errors = new Map(snippets.map((snippet) => [snippet, []]));
        const other = [];
        let current = null;
        for (const text of `${stdout}\n${stderr}`.split('\n')) {
          if (text.trim() === '') continue;
          const diagnostic = /^(.+?)\((\d+),(\d+)\): (error|warning) (TS\d+): (.*)$/.exec(text);
          if (diagnostic === null) {
            if (current !== null) current.push(text);
            else other.push([text]);
            continue;
          }
          const [, path, line, column, , code, message] = diagnostic;
          const snippet = byPath.get(path.split('\\').join('/'));
          current = [snippet === undefined ? text : `${snippet.markdown}:${snippet.line + Number(line)}:${column} ${code}: ${message}`];
          if (snippet === undefined) other.push(current);
          else errors.get(snippet).push(current);
        }
        const lines = (entries) => entries.map((entry) => entry.join('\n'));
        resolve({ errors: new Map([...errors].map(([snippet, entries]) => [snippet, lines(entries)])), other: lines(other) });
      },
    );
  });
}

/**
 * Compiles the snippets as one program with the project's tsc and sorts the diagnostics by snippet.
 * tsc reports no type errors while any file has a syntax error, so the snippets with errors are
 * left out and the rest compiled again, until a run has no errors (its output is what runs).
 * @param {string} folder - written by writeSnippetProgram
 * @param {import('./markdown-snippets').Snippet[]} snippets
 * @param {string} tsc - the tsc binary
 * @param {Record<string, unknown>} [options] - the compilerOptions; by default the ES module project's
 * @returns {Promise<{ errors: Map<object, string[]>, other: string[] }>} each snippet's errors at Markdown lines, and those of no snippet
 */
async function compileSnippets(folder, snippets, tsc, options = compilerOptions) {
  const errors = new Map(snippets.map((snippet) => [snippet, []]));
  let remaining = snippets;
  for (;;) {
    const pass = await compileOnce(folder, remaining, tsc, options);
    const failed = remaining.filter((snippet) => pass.errors.get(snippet).length > 0);
    for (const snippet of failed) errors.set(snippet, pass.errors.get(snippet));
    if (pass.other.length > 0 || failed.length === 0) return { errors, other: pass.other };
    remaining = remaining.filter((snippet) => !failed.includes(snippet));
    if (remaining.length === 0) return { errors, other: [] };
  }
}

/**
 * The environment of a run: the child environment without the user's provider keys and base URLs,
 * so that nothing reaches a real API, plus `extra` (the local model server's variables).
 */
function offlineEnvironment(extra) {
  const environment = childEnvironment();
  for (const name of Object.keys(environment)) {
    if (/_API_KEY$|_BASE_URL$|^GOOGLE_APPLICATION_CREDENTIALS$|^GOOGLE_GENAI_USE_VERTEXAI$/.test(name)) delete environment[name];
  }
  return { ...environment, ...extra };
}

/**
 * Runs one compiled snippet with node in a scratch folder of its own; one written as a jest test file
 * gets jest's globals (jest-globals.mjs) and passes when its tests do.
 * @param {string} folder - the program's folder
 * @param {import('./markdown-snippets').Snippet} snippet
 * @param {number} timeoutMs - killed after this long
 * @param {Record<string, string>} [environment] - variables to add (the local model server's)
 * @returns {Promise<{ ok: boolean, output: string }>} ok when it exited 0 in time; output is its stdout and stderr, stack lines at Markdown lines
 */
function runSnippet(folder, snippet, timeoutMs, environment = {}) {
  const path = snippetPath(snippet);
  const cwd = join(folder, 'work', path.replace(/\.ts$/, ''));
  mkdirSync(cwd, { recursive: true });
  const script = join(folder, 'dist', path.replace(/\.ts$/, '.js'));
  const source = join(realpathSync(folder), 'src', path);
  const atMarkdownLines = (text) =>
    text
      .split(`file://${source}`)
      .join(source)
      .split(source)
      .map((part, index) =>
        index === 0 ? part : part.replace(/^:(\d+)/, (_all, line) => `${snippet.markdown}:${snippet.line + Number(line)}`),
      )
      .join('');
  return new Promise((resolve) => {
    const options = { cwd, env: offlineEnvironment(environment), timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 16 * 1024 * 1024 };
    const jest = isJestStyle(snippet) ? ['--import', pathToFileURL(join(folder, 'jest-globals.mjs')).href] : [];
    execFile(process.execPath, ['--enable-source-maps', ...jest, script], options, (error, stdout, stderr) => {
      const output = atMarkdownLines(`${stdout}${stderr}`.trim());
      if (error === null) resolve({ ok: true, output });
      else if (error.killed)
        resolve({
          ok: false,
          output: `still running after ${timeoutMs / 1000} s (a snippet must exit by itself; mark one that serves forever compile-only)\n${output}`,
        });
      else resolve({ ok: false, output: `exit ${String(error.code)}\n${output}` });
    });
  });
}

/**
 * A limiter: `limit(task)` starts the task when fewer than `size` are running.
 * @param {number} size
 * @returns {<T>(task: () => Promise<T>) => Promise<T>}
 */
function limiter(size) {
  let running = 0;
  const waiting = [];
  const next = () => {
    if (running >= size || waiting.length === 0) return;
    running++;
    const { task, resolve, reject } = waiting.shift();
    task()
      .then(resolve, reject)
      .finally(() => {
        running--;
        next();
      });
  };
  return (task) =>
    new Promise((resolve, reject) => {
      waiting.push({ task, resolve, reject });
      next();
    });
}

module.exports = { compileSnippets, limiter, runSnippet, where, writeSnippetProgram };
