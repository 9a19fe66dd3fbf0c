// The VitePress site of toolcraft (`npm run docs` builds it into docs/dist, offline).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitepress';

const docs = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The API reference's sidebar: one entry per package entry point, from the sidebar TypeDoc writes
 * (scripts/build-docs.mjs). Each module's page lists its classes, interfaces and functions; a sidebar
 * of every symbol would be rendered into each of the ~550 pages (300 KB each).
 */
function apiSidebar() {
  const file = join(docs, 'api', 'typedoc-sidebar.json');
  const modules = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : [];
  return [{ text: 'API reference', link: '/api/', items: modules.map(({ text, link }) => ({ text, link })) }];
}

const start = [
  {
    text: 'Start',
    items: [
      { text: 'Install', link: '/guide/install' },
      { text: 'Quick start: a class tool', link: '/guide/quick-start-class' },
      { text: 'Quick start: an annotated service', link: '/guide/quick-start-annotated' },
      { text: 'Quick start: a zod tool', link: '/guide/quick-start-zod' },
      { text: 'Testing offline', link: '/guide/testing' },
      { text: 'Troubleshooting', link: '/guide/troubleshooting' },
    ],
  },
];

const concepts = [
  {
    text: 'Tools',
    items: [
      { text: 'Tools and schemas', link: '/concepts/tools-and-schemas' },
      { text: 'Results and formatters', link: '/concepts/results-and-formatters' },
      { text: 'Dispatch and features', link: '/concepts/dispatch-and-features' },
      { text: 'Built-in tools', link: '/concepts/built-in-tools' },
      { text: 'Toolsets', link: '/concepts/toolsets' },
      { text: 'OpenAPI', link: '/concepts/openapi' },
      { text: 'MCP', link: '/concepts/mcp' },
      { text: 'AI SDK and LangChain tools', link: '/concepts/ai-sdk-and-langchain' },
    ],
  },
  {
    text: 'Agents',
    items: [
      { text: 'The agent loop', link: '/concepts/agent-loop' },
      { text: 'Model providers', link: '/concepts/model-providers' },
      { text: 'Structured output', link: '/concepts/structured-output' },
      { text: 'Guardrails and hooks', link: '/concepts/guardrails-and-hooks' },
      { text: 'Pausing and resume', link: '/concepts/pausing-and-resume' },
      { text: 'Long-running tools', link: '/concepts/long-running-tools' },
      { text: 'Multi-agent', link: '/concepts/multi-agent' },
      { text: 'Sessions and memory', link: '/concepts/sessions-and-memory' },
    ],
  },
  {
    text: 'Production',
    items: [
      { text: 'Streaming and tracing', link: '/concepts/streaming-and-tracing' },
      { text: 'UI streams and the dev UI', link: '/concepts/ui-streams-and-dev-ui' },
      { text: 'Scale-out: Redis and BullMQ', link: '/concepts/scale-out' },
    ],
  },
];

const reference = [
  {
    text: 'Package reference',
    collapsed: false,
    items: [
      { text: '@toolcraft/core', link: '/reference/core' },
      { text: '@toolcraft/schema', link: '/reference/schema' },
      { text: '@toolcraft/testing', link: '/reference/testing' },
      { text: '@toolcraft/openai', link: '/reference/openai' },
      { text: '@toolcraft/anthropic', link: '/reference/anthropic' },
      { text: '@toolcraft/google', link: '/reference/google' },
      { text: '@toolcraft/mcp', link: '/reference/mcp' },
      { text: '@toolcraft/tools', link: '/reference/tools' },
      { text: '@toolcraft/openapi', link: '/reference/openapi' },
      { text: '@toolcraft/ai-sdk', link: '/reference/ai-sdk' },
      { text: '@toolcraft/langchain', link: '/reference/langchain' },
      { text: '@toolcraft/opentelemetry', link: '/reference/opentelemetry' },
      { text: '@toolcraft/ui-stream', link: '/reference/ui-stream' },
      { text: '@toolcraft/devtools', link: '/reference/devtools' },
      { text: '@toolcraft/redis', link: '/reference/redis' },
      { text: '@toolcraft/bullmq', link: '/reference/bullmq' },
    ],
  },
];

const migrate = [
  {
    text: 'Migrate',
    items: [
      { text: 'From the Vercel AI SDK', link: '/migrate/vercel-ai-sdk' },
      { text: 'From the OpenAI Agents SDK', link: '/migrate/openai-agents-sdk' },
      { text: 'From LangChain.js', link: '/migrate/langchain' },
      { text: 'From Koog (Kotlin/Java)', link: '/migrate/koog' },
    ],
  },
];

export default defineConfig({
  title: 'toolcraft',
  description: 'Tools and agents for LLMs in TypeScript: class tools, annotated services, zod tools, and an agent runtime.',
  lang: 'en-US',
  head: [['link', { rel: 'icon', type: 'image/svg+xml', href: '/favicon.svg' }]],
  outDir: './dist',
  cacheDir: './.vitepress/cache',
  srcExclude: ['test/**', 'README.md'],
  cleanUrls: false,
  lastUpdated: false,
  // A broken link between pages fails the build; the browser test checks the built pages again.
  ignoreDeadLinks: false,
  markdown: { lineNumbers: false },
  // The local search index of ~600 pages is one chunk of a few MB, loaded when the search opens.
  vite: { build: { chunkSizeWarningLimit: 4096 } },
  themeConfig: {
    nav: [
      { text: 'Guide', link: '/guide/quick-start-class', activeMatch: '^/guide/' },
      { text: 'Concepts', link: '/concepts/tools-and-schemas', activeMatch: '^/concepts/' },
      { text: 'Migrate', link: '/migrate/vercel-ai-sdk', activeMatch: '^/migrate/' },
      { text: 'Reference', link: '/reference/core', activeMatch: '^/reference/' },
      { text: 'API', link: '/api/', activeMatch: '^/api/' },
    ],
    sidebar: {
      '/guide/': [...start, ...concepts, ...reference, ...migrate],
      '/concepts/': [...start, ...concepts, ...reference, ...migrate],
      '/migrate/': [...start, ...concepts, ...reference, ...migrate],
      '/reference/': [...start, ...concepts, ...reference, ...migrate],
      '/api/': apiSidebar(),
    },
    logo: '/favicon.svg',
    search: { provider: 'local' },
    outline: { level: [2, 3] },
    footer: { message: 'MIT licensed.' },
  },
});
