import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Agent, ToolRegistry } from '@toolcraft/core';
import type { ProviderToolsConverter } from '../devtools-options.js';

/** What a module gives the dev UI: an agent, or a registry, and the provider converters found beside it. */
export interface LoadedDevTarget {
  /** The agent, when the module exports one. */
  agent?: Agent;
  /** The registry, when the module exports one and no agent. */
  registry?: ToolRegistry;
  /** What each provider is sent for the tools, for the adapter packages the module's project has (`@toolcraft/openai`). */
  providers: Record<string, ProviderToolsConverter>;
}

function isAgent(value: unknown): value is Agent {
  const candidate = value as Partial<Agent> | null;
  return (
    typeof value === 'object' &&
    candidate !== null &&
    typeof candidate.stream === 'function' &&
    Array.isArray(candidate.toolDefinitions) &&
    typeof candidate.environment === 'object'
  );
}

function isRegistry(value: unknown): value is ToolRegistry {
  const candidate = value as Partial<ToolRegistry> | null;
  return typeof value === 'object' && candidate !== null && Array.isArray(candidate.tools) && typeof candidate.findTool === 'function';
}

// A dynamic import that stays one in the CommonJS build (TypeScript turns `import()` into `require`
// there, which cannot load an ES module): the one place the package builds a function from text.
// eslint-disable-next-line @typescript-eslint/no-implied-eval
const importModule = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<Record<string, unknown>>;

async function loadModule(file: string): Promise<Record<string, unknown>> {
  if (/\.(mjs|mts)$/.test(file)) return importModule(pathToFileURL(file).href);
  try {
    return createRequire(file)(file) as Record<string, unknown>;
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'ERR_REQUIRE_ESM') throw error;
    return importModule(pathToFileURL(file).href);
  }
}

function providersNear(file: string): Record<string, ProviderToolsConverter> {
  try {
    const openai = createRequire(file)('@toolcraft/openai') as {
      toOpenAITools: ProviderToolsConverter;
      toResponsesTools: ProviderToolsConverter;
    };
    return {
      'openai (chat completions)': (tools) => openai.toOpenAITools(tools),
      'openai (responses)': (tools) => openai.toResponsesTools(tools),
    };
  } catch {
    return {};
  }
}

/**
 * Loads the module `toolcraft-dev` is given and finds what to serve: the export named `exportName`,
 * else `default`, else `agent`, else the first export that is an `Agent`, else the first `ToolRegistry`.
 * @param modulePath - the module (a built `.js`, `.cjs` or `.mjs` file), relative to the working directory
 * @param exportName - the export to serve, when the module has several
 * @returns the agent or registry, and the provider converters of the adapters installed beside it
 * @throws Error naming the module's exports when none is an agent or a registry
 * @example
 * const target = await loadDevTarget('./dist/agent.js');
 * await serveDevtools({ ...target, port: 4111 });
 */
export async function loadDevTarget(modulePath: string, exportName?: string): Promise<LoadedDevTarget> {
  const file = resolve(modulePath);
  const loaded = await loadModule(file);
  const exports =
    loaded.default !== undefined && typeof loaded.default === 'object' && !isAgent(loaded.default) && !isRegistry(loaded.default)
      ? { ...loaded, ...(loaded.default as Record<string, unknown>) }
      : loaded;
  const candidates = exportName !== undefined ? [exports[exportName]] : [exports.default, exports.agent, ...Object.values(exports)];
  const providers = providersNear(file);
  const agent = candidates.find(isAgent);
  if (agent !== undefined) return { agent, providers };
  const registry = candidates.find(isRegistry);
  if (registry !== undefined) return { registry, providers };
  const names = Object.keys(exports).join(', ') || 'none';
  throw new Error(
    `${modulePath} exports no Agent or ToolRegistry${exportName === undefined ? '' : ` named '${exportName}'`} (its exports: ${names}). Export one, e.g. \`export const agent = new Agent({ ... })\`.`,
  );
}
