// The quick starts as a CommonJS newcomer compiles them: the pages under docs/guide/quick-start-*.md,
// compiled as a second tsc program with the CommonJS tsconfig those pages show (`"module": "commonjs"`,
// so `node10` module resolution, and `skipLibCheck` off, so every declaration file a quick start pulls
// in is type-checked), in a package without `"type": "module"`.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

/** The quick-start pages: what a newcomer copies first. */
const quickStartPage = /^docs\/guide\/quick-start-[^/]+\.md$/;

/**
 * What the quick starts' tsconfig.json blocks set, and what the CommonJS program is compiled with.
 * `types: []`: no `@types/*` package is visible unless a snippet imports it, as in a new project that
 * installed none; `skipLibCheck: false` is TypeScript's default.
 */
const commonJsCompilerOptions = {
  target: 'ES2022',
  module: 'commonjs',
  esModuleInterop: true,
  strict: true,
  experimentalDecorators: true,
  emitDecoratorMetadata: true,
  skipLibCheck: false,
  types: [],
  noEmitOnError: false,
  sourceMap: true,
  rootDir: 'src',
  outDir: 'dist',
};

/** Options a page's tsconfig may set to its own value: where the files are. */
const placeOptions = new Set(['rootDir', 'outDir']);

/**
 * Whether a Markdown file is a quick-start page.
 * @param {string} markdown - relative to the repository, with forward slashes
 */
function isQuickStart(markdown) {
  return quickStartPage.test(markdown);
}

/**
 * The `compilerOptions` of every ```json block of a page that has them (its tsconfig.json).
 * @param {string} repository
 * @param {string} markdown
 * @returns {{ line: number, options: Record<string, unknown> }[]}
 * @throws Error naming the page and line of a block that is not JSON
 */
function shownCompilerOptions(repository, markdown) {
  const lines = readFileSync(join(repository, markdown), 'utf8').split(/\r?\n/);
  const shown = [];
  for (let index = 0; index < lines.length; index++) {
    if (!/^\s*```json\s*$/.test(lines[index])) continue;
    const close = lines.findIndex((line, at) => at > index && /^\s*```\s*$/.test(line));
    const text = lines.slice(index + 1, close).join('\n');
    if (text.includes('"compilerOptions"')) {
      try {
        shown.push({ line: index + 1, options: JSON.parse(text).compilerOptions });
      } catch (error) {
        throw new Error(`${markdown}:${index + 1}: the tsconfig.json block is not JSON: ${error.message}`);
      }
    }
    index = close;
  }
  return shown;
}

/**
 * How a page's CommonJS tsconfig differs from what the CommonJS program is compiled with: each option
 * it sets to another value (paths aside), and `esModuleInterop` when it is missing. Empty when the
 * program checks what the page tells readers to use.
 * @param {Record<string, unknown>} options - a tsconfig block's compilerOptions
 * @returns {string[]}
 */
function differencesFromProgram(options) {
  const differences = [];
  for (const [name, value] of Object.entries(options)) {
    if (placeOptions.has(name)) continue;
    const expected = commonJsCompilerOptions[name];
    const same =
      typeof value === 'string' && typeof expected === 'string' ? value.toLowerCase() === expected.toLowerCase() : value === expected;
    if (!same) differences.push(`"${name}": ${JSON.stringify(value)} (the CommonJS program uses ${JSON.stringify(expected)})`);
  }
  if (options.esModuleInterop !== true) differences.push('no "esModuleInterop": true (zod\'s CommonJS declarations need it)');
  return differences;
}

module.exports = { commonJsCompilerOptions, differencesFromProgram, isQuickStart, shownCompilerOptions };
