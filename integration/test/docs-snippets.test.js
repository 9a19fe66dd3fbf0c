// Every ```ts block of README.md, packages/*/README.md and docs/**/*.md, type-checked against the
// packed packages as installed in a project outside the repository (one tsc program, one module per
// block) and run offline with node, so that the docs cannot drift from the code. A marker on the line
// before a block changes what is done with it (see CONTRIBUTING.md, "Code blocks in the docs").
const { join } = require('node:path');
const { repository } = require('./support/outside-project');
const { documentationFiles, snippetFigure, snippetsOf } = require('./support/markdown-snippets');
const { startLocalModelServer } = require('./support/local-model-server');
const { sharedOutsideProject } = require('./support/shared-project');
const { compileSnippets, limiter, runSnippet, where, writeSnippetProgram } = require('./support/snippet-checks');

const snippets = documentationFiles(repository).flatMap((file) => snippetsOf(repository, file));
const checked = snippets.filter((snippet) => snippet.mode !== 'skip');
/** How many snippets run at once (CI has two cores), and how long each may take. */
const concurrency = 2;
const runTimeoutMs = 60_000;

const verbs = { run: 'compiles and runs', 'compile-only': 'compiles', 'expect-error': 'does not compile, as marked' };

describe('The code blocks of the docs and READMEs, against the packed packages', () => {
  let release;
  let server;
  let compiled;
  const runs = new Map();

  beforeAll(async () => {
    let project;
    ({ project, release } = await sharedOutsideProject());
    // OpenAI's, Anthropic's and Google's clients in the snippets talk to this server, not to the providers.
    server = await startLocalModelServer();
    const folder = join(project, 'snippets');
    writeSnippetProgram(folder, checked);
    compiled = await compileSnippets(folder, checked, join(project, 'node_modules', '.bin', 'tsc'));
    const limit = limiter(concurrency);
    for (const snippet of checked) {
      if (snippet.mode === 'run' && compiled.errors.get(snippet).length === 0) {
        runs.set(
          snippet,
          limit(() => runSnippet(folder, snippet, runTimeoutMs, server.environment)),
        );
      }
    }
  }, 900_000);

  afterAll(async () => {
    console.log(`Code blocks of the docs (${checked.length} of ${snippets.length} checked):\n${snippetFigure(snippets)}`);
    await server?.close();
    release?.();
  });

  it('type-check with no error outside the snippets themselves', () => {
    expect(compiled.other).toEqual([]);
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
