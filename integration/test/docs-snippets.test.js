// Every ```ts block of README.md, packages/*/README.md and docs/**/*.md, type-checked against the
// packed packages as installed in a project outside the repository (one tsc program, one module per
// block) and run offline with node, so that the docs cannot drift from the code. A marker on the line
// before a block changes what is done with it (see CONTRIBUTING.md, "Code blocks in the docs").
// The quick starts (docs/guide/quick-start-*.md) are compiled and run a second time as a CommonJS
// newcomer has them: the CommonJS tsconfig those pages show, `skipLibCheck` off, no @types packages.
const { join } = require('node:path');
const { repository } = require('./support/outside-project');
const { documentationFiles, snippetFigure, snippetsOf } = require('./support/markdown-snippets');
const { startLocalModelServer } = require('./support/local-model-server');
const { sharedOutsideProject } = require('./support/shared-project');
const { compileSnippets, limiter, runSnippet, where, writeSnippetProgram } = require('./support/snippet-checks');
const { commonJsCompilerOptions, differencesFromProgram, isQuickStart, shownCompilerOptions } = require('./support/quick-starts');

const snippets = documentationFiles(repository).flatMap((file) => snippetsOf(repository, file));
const checked = snippets.filter((snippet) => snippet.mode !== 'skip');
const quickStarts = checked.filter((snippet) => isQuickStart(snippet.markdown));
const quickStartPages = documentationFiles(repository).filter(isQuickStart);
/** How many snippets run at once (CI has two cores), and how long each may take. */
const concurrency = 2;
const runTimeoutMs = 60_000;

const verbs = { run: 'compiles and runs', 'compile-only': 'compiles', 'expect-error': 'does not compile, as marked' };

describe('The code blocks of the docs and READMEs, against the packed packages', () => {
  let release;
  let server;
  let compiled;
  let compiledCommonJs;
  const runs = new Map();
  const commonJsRuns = new Map();

  beforeAll(async () => {
    let project;
    ({ project, release } = await sharedOutsideProject());
    // OpenAI's, Anthropic's and Google's clients in the snippets talk to this server, not to the providers.
    server = await startLocalModelServer();
    const folder = join(project, 'snippets');
    writeSnippetProgram(folder, checked);
    const tsc = join(project, 'node_modules', '.bin', 'tsc');
    compiled = await compileSnippets(folder, checked, tsc);
    const commonJsFolder = join(project, 'snippets-commonjs');
    writeSnippetProgram(commonJsFolder, quickStarts, 'commonjs');
    compiledCommonJs = await compileSnippets(commonJsFolder, quickStarts, tsc, commonJsCompilerOptions);
    const limit = limiter(concurrency);
    const start = (program, results, at) => {
      for (const snippet of program === compiled ? checked : quickStarts) {
        if (snippet.mode === 'run' && program.errors.get(snippet).length === 0) {
          results.set(
            snippet,
            limit(() => runSnippet(at, snippet, runTimeoutMs, server.environment)),
          );
        }
      }
    };
    start(compiled, runs, folder);
    start(compiledCommonJs, commonJsRuns, commonJsFolder);
  }, 900_000);

  afterAll(async () => {
    console.log(`Code blocks of the docs (${checked.length} of ${snippets.length} checked):\n${snippetFigure(snippets)}`);
    await server?.close();
    release?.();
  });

  it('type-check with no error outside the snippets themselves', () => {
    expect(compiled.other).toEqual([]);
  });

  describe('the quick starts as a CommonJS newcomer has them (module commonjs, skipLibCheck off, no @types)', () => {
    it('type-check with no error outside the snippets, in the declarations of every package they load', () => {
      expect(compiledCommonJs.other).toEqual([]);
    });

    for (const markdown of quickStartPages) {
      it(`${markdown} shows the CommonJS tsconfig.json the program is compiled with`, () => {
        const shown = shownCompilerOptions(repository, markdown).filter(
          ({ options }) => String(options.module).toLowerCase() === 'commonjs',
        );
        if (shown.length === 0) throw new Error(`${markdown} shows no CommonJS tsconfig.json ("module": "commonjs") in a json block.`);
        for (const { line, options } of shown) {
          const differences = differencesFromProgram(options);
          if (differences.length > 0) throw new Error(`${markdown}:${line}: the tsconfig.json shown differs:\n${differences.join('\n')}`);
        }
      });
    }

    for (const snippet of quickStarts) {
      it(`${where(snippet)} (${snippet.name}) ${verbs[snippet.mode]} under CommonJS`, async () => {
        const errors = compiledCommonJs.errors.get(snippet);
        if (snippet.mode === 'expect-error') {
          if (errors.length === 0) throw new Error(`${where(snippet)} is marked expect-error but compiles under CommonJS.`);
          return;
        }
        if (errors.length > 0) throw new Error(`${where(snippet)} does not compile under CommonJS:\n${errors.join('\n')}`);
        if (snippet.mode !== 'run') return;
        const { ok, output } = await commonJsRuns.get(snippet);
        if (!ok) throw new Error(`${where(snippet)} failed when run as CommonJS: ${output}`);
      }, 900_000);
    }
  });

  for (const markdown of new Set(checked.map((snippet) => snippet.markdown))) {
    describe(markdown, () => {
      for (const snippet of checked.filter((each) => each.markdown === markdown)) {
        it(`the block at line ${snippet.line} (${snippet.name}) ${verbs[snippet.mode]}`, async () => {
          const errors = compiled.errors.get(snippet);
          if (snippet.mode === 'expect-error') {
            if (errors.length === 0) throw new Error(`${where(snippet)} is marked expect-error but compiles.`);
            return;
          }
          if (errors.length > 0) throw new Error(`${where(snippet)} does not compile:\n${errors.join('\n')}`);
          if (snippet.mode !== 'run') return;
          const { ok, output } = await runs.get(snippet);
          if (!ok) throw new Error(`${where(snippet)} failed when run: ${output}`);
        }, 900_000);
      }
    });
  }
});
