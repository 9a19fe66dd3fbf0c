// Builds the documentation site, offline: the API reference from the packages' TSDoc (TypeDoc with
// typedoc-plugin-markdown, into docs/api, one module per public entry point of each package), then the
// VitePress site (docs/ -> docs/dist). `npm run docs`; `--api-only` stops after the reference.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Application, Converter, ReflectionKind } from 'typedoc';
import { MarkdownPageEvent } from 'typedoc-plugin-markdown';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const docs = join(root, 'docs');
const apiOut = join(docs, 'api');

/**
 * Every public entry point of every package: each `exports` subpath but `./internal` (shared by
 * toolcraft's own packages, not for users) and `./package.json`, mapped from its built declarations
 * back to its source (`./dist/cjs/annotations.d.ts` -> `src/annotations.ts`).
 * @returns {{ file: string, name: string }[]}
 */
function entryPoints() {
  const found = [];
  for (const folder of readdirSync(join(root, 'packages')).sort()) {
    const manifestFile = join(root, 'packages', folder, 'package.json');
    if (!existsSync(manifestFile)) continue;
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    if (manifest.private === true || manifest.exports === undefined) continue;
    for (const [subpath, target] of Object.entries(manifest.exports)) {
      if (subpath === './package.json' || subpath === './internal') continue;
      const types = target?.require?.types ?? target?.types;
      if (typeof types !== 'string') continue;
      const source = types.replace(/^\.\/dist\/cjs\//, 'src/').replace(/\.d\.ts$/, '.ts');
      const file = join(root, 'packages', folder, source);
      if (!existsSync(file)) throw new Error(`${manifest.name} exports ${subpath} from ${types}, but ${file} does not exist.`);
      found.push({ file, name: subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}` });
    }
  }
  return found;
}

/** The API reference in docs/api, with the sidebar VitePress reads (docs/api/typedoc-sidebar.json). */
async function buildApiReference() {
  const entries = entryPoints();
  rmSync(apiOut, { recursive: true, force: true });
  const app = await Application.bootstrapWithPlugins({
    entryPoints: entries.map((entry) => entry.file),
    entryPointStrategy: 'resolve',
    tsconfig: join(docs, 'tsconfig.typedoc.json'),
    plugin: ['typedoc-plugin-markdown', 'typedoc-vitepress-theme'],
    out: apiOut,
    docsRoot: docs,
    name: 'API reference',
    readme: 'none',
    skipErrorChecking: true,
    excludeInternal: true,
    excludePrivate: true,
    excludeScopesInPaths: true,
    sanitizeComments: true,
    disableSources: true,
    gitRevision: 'main',
    logLevel: 'Warn',
    validation: { notExported: false, invalidLink: true, invalidPath: true },
    sidebar: { autoConfiguration: true, format: 'vitepress', collapsed: true, pretty: false },
  });
  // TypeDoc names a module by its path (core/src/annotations); users import it by package name.
  const names = new Map(entries.map((entry) => [entry.file, entry.name]));
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    for (const module of context.project.getChildrenByKind(ReflectionKind.Module)) {
      const file = [...names.keys()].find((candidate) => module.name === defaultModuleName(candidate, entries));
      if (file !== undefined) module.name = names.get(file);
    }
  });
  // The TSDoc @example blocks are fragments: mark them for the docs' snippet test (compiled only when unmarked).
  app.renderer.on(MarkdownPageEvent.END, (page) => {
    if (page.contents !== undefined)
      page.contents = page.contents.replace(/^([ \t]*)```(ts|typescript)\b/gm, '$1<!-- snippet: skip -->\n$1```$2');
  });
  const project = await app.convert();
  if (project === undefined) throw new Error('TypeDoc could not convert the packages (see the messages above).');
  await app.generateOutputs(project);
  if (app.logger.hasErrors()) throw new Error('TypeDoc reported errors (see the messages above).');
}

/**
 * The name TypeDoc gives the module of an entry point: its path from the entry points' common folder,
 * without the extension and without a final `index`.
 */
function defaultModuleName(file, entries) {
  const base = entries
    .map((entry) => dirname(entry.file))
    .reduce((common, folder) => {
      while (!`${folder}/`.startsWith(`${common}/`)) common = dirname(common);
      return common;
    });
  return relative(base, file)
    .replace(/\\/g, '/')
    .replace(/\.ts$/, '')
    .replace(/\/index$/, '');
}

const started = Date.now();
await buildApiReference();
console.log(`API reference: docs/api (${((Date.now() - started) / 1000).toFixed(1)} s)`);
if (!process.argv.includes('--api-only')) {
  const vitepress = join(root, 'node_modules', 'vitepress', 'bin', 'vitepress.js');
  const build = spawnSync(process.execPath, [vitepress, 'build', 'docs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  // The docs' browser test rebuilds when a source is newer than this stamp (docs/test/support/built-site.ts).
  writeFileSync(join(docs, 'dist', 'build-stamp.json'), `${JSON.stringify({ builtAt: new Date().toISOString() })}\n`);
  console.log(`Site: docs/dist (${((Date.now() - started) / 1000).toFixed(1)} s in all)`);
}
