/**
 * One ts-jest project per workspace; sources are mapped so tests need no build. The integration
 * project packs the built packages and uses them from projects outside the repository.
 */
const path = require('node:path');

const root = __dirname;
const source = (relative) => path.join(root, relative);

const moduleNameMapper = {
  '^@toolcraft/core$': source('packages/core/src/index.ts'),
  '^@toolcraft/core/annotations$': source('packages/core/src/annotations.ts'),
  '^@toolcraft/core/internal$': source('packages/core/src/internal.ts'),
  '^@toolcraft/testing$': source('packages/testing/src/index.ts'),
  '^@toolcraft/openai$': source('packages/openai/src/index.ts'),
  '^@toolcraft/anthropic$': source('packages/anthropic/src/index.ts'),
  '^@toolcraft/google$': source('packages/google/src/index.ts'),
  '^@toolcraft/schema$': source('packages/schema/src/index.ts'),
  '^@toolcraft/mcp$': source('packages/mcp/src/index.ts'),
  '^@toolcraft/opentelemetry$': source('packages/opentelemetry/src/index.ts'),
  '^@toolcraft/redis$': source('packages/redis/src/index.ts'),
  '^@toolcraft/bullmq$': source('packages/bullmq/src/index.ts'),
  '^@toolcraft/tools$': source('packages/tools/src/index.ts'),
  '^@toolcraft/openapi$': source('packages/openapi/src/index.ts'),
  '^@toolcraft/ai-sdk$': source('packages/ai-sdk/src/index.ts'),
  '^@toolcraft/langchain$': source('packages/langchain/src/index.ts'),
  '^@toolcraft/ui-stream$': source('packages/ui-stream/src/index.ts'),
  '^@toolcraft/devtools$': source('packages/devtools/src/index.ts'),
  '^(\\.{1,2}/.*)\\.js$': '$1',
};

function project(name, directory, extra = {}) {
  return {
    ...extra,
    displayName: name,
    rootDir: source(directory),
    testEnvironment: 'node',
    testMatch: ['<rootDir>/test/**/*.test.ts'],
    moduleNameMapper,
    transform: {
      '^.+\\.ts$': ['ts-jest', { tsconfig: source('tsconfig.jest.json') }],
    },
  };
}

module.exports = {
  reporters: ['default', source('scripts/summary-reporter.js')],
  projects: [
    project('core', 'packages/core'),
    project('testing', 'packages/testing'),
    project('openai', 'packages/openai'),
    project('anthropic', 'packages/anthropic'),
    project('google', 'packages/google'),
    project('schema', 'packages/schema'),
    project('mcp', 'packages/mcp'),
    project('opentelemetry', 'packages/opentelemetry'),
    project('redis', 'packages/redis'),
    project('bullmq', 'packages/bullmq'),
    project('tools', 'packages/tools'),
    project('openapi', 'packages/openapi'),
    project('ai-sdk', 'packages/ai-sdk'),
    project('langchain', 'packages/langchain'),
    project('ui-stream', 'packages/ui-stream'),
    // The dev UI's tests drive a real Chromium: the global setup finds it (or installs Debian's package as root).
    project('devtools', 'packages/devtools', { globalSetup: source('packages/devtools/test/setup/chromium.js') }),
    project('examples', 'examples'),
    // The docs site (docs/dist, built by npm run docs when missing or stale) in a real Chromium: every page, link and the search.
    project('docs', 'docs', { globalSetup: source('packages/devtools/test/setup/chromium.js') }),
    {
      // The packed packages in a temporary project outside the repository (needs `npm run build`),
      // installed once per run and shared by the outside-project test and the docs' snippet test.
      displayName: 'integration',
      rootDir: source('integration'),
      globalSetup: source('integration/test/setup/shared-project-setup.js'),
      globalTeardown: source('integration/test/setup/shared-project-teardown.js'),
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/**/*.test.js'],
      transform: {},
    },
  ],
};
