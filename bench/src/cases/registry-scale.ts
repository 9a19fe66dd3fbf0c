import { AgentEnvironment, ToolRegistry, type AnyTool } from '@toolcraft/core';
import { toOpenAITools } from '@toolcraft/openai';
import { timeOnce, type BenchCase } from '../measure';
import { generateArgsClasses, generatedCall, GeneratedTool } from './generated-tools';

/** How many tools the large registry holds (`BENCH_TOOL_COUNT` overrides it for quick runs). */
export const toolCount = Number(process.env.BENCH_TOOL_COUNT ?? 10_000);

/**
 * How long constructing the tools may take before the benchmark stops adding more
 * (`BENCH_BUILD_BUDGET_MS`), so a slow build is reported as a failure instead of running for minutes.
 */
export const buildBudgetMs = Number(process.env.BENCH_BUILD_BUDGET_MS ?? 60_000);

/** What case (g) measured. */
export interface RegistryBuild {
  /** Generating the Args classes and applying their decorators (the user's code, not toolcraft's). */
  generateClassesMs: number;
  /** Constructing the tools, which compiles each Args class into a decoder and schema. */
  constructToolsMs: number;
  /** How many tools were constructed: fewer than asked when the build budget ran out. */
  constructed: number;
  /** Time to construct each successive thousand tools, in ms: shows how the cost grows. */
  msPerThousand: number[];
  /** `ToolRegistry.builder().tools(list).build()`. */
  buildRegistryMs: number;
  /** The first `toOpenAITools(registry, { strict: true })`. */
  firstConversionMs: number;
  /** The second one, which should come from the per-registry cache. */
  secondConversionMs: number;
  /** Whether the second conversion returned the same array instance. */
  sameInstance: boolean;
  /** How many definitions came back. */
  definitions: number;
  /** The registry, reused by case (f). */
  registry: ToolRegistry;
  /** The tools, in order. */
  tools: readonly AnyTool[];
}

/** Case (g): builds the 10,000-tool registry and converts it to OpenAI tools twice. */
export async function buildLargeRegistry(): Promise<RegistryBuild> {
  const classes = await timeOnce(() => generateArgsClasses(toolCount));
  const msPerThousand: number[] = [];
  const tools = await timeOnce(() => constructWithinBudget(classes.value, msPerThousand));
  const registry = await timeOnce(() => ToolRegistry.builder().tools(tools.value).build());
  const first = await timeOnce(() => toOpenAITools(registry.value, { strict: true }));
  const second = await timeOnce(() => toOpenAITools(registry.value, { strict: true }));
  return {
    generateClassesMs: classes.ms,
    constructToolsMs: tools.ms,
    constructed: tools.value.length,
    msPerThousand,
    buildRegistryMs: registry.ms,
    firstConversionMs: first.ms,
    secondConversionMs: second.ms,
    sameInstance: first.value === second.value,
    definitions: first.value.length,
    registry: registry.value,
    tools: tools.value,
  };
}

function constructWithinBudget(classes: ReturnType<typeof generateArgsClasses>, msPerThousand: number[]): GeneratedTool[] {
  const tools: GeneratedTool[] = [];
  const start = performance.now();
  let lap = start;
  for (let index = 0; index < classes.length; index++) {
    tools.push(new GeneratedTool(index, classes[index]));
    if ((index + 1) % 1000 === 0) {
      const now = performance.now();
      msPerThousand.push(Math.round(now - lap));
      lap = now;
      if (now - start > buildBudgetMs) break;
    }
  }
  return tools;
}

/**
 * Case (f): the same generated tool called through a registry holding only it and through the
 * 10,000-tool registry; plus, for information, calls rotating over all 10,000 tools.
 * @param build - the large registry of case (g)
 * @returns the cases, keyed f1, f10k and frot
 */
export function registryScaleCases(build: RegistryBuild): BenchCase[] {
  const count = build.tools.length;
  const index = Math.floor(count / 2);
  const single = new AgentEnvironment({ registry: ToolRegistry.of(build.tools[index]) });
  const large = new AgentEnvironment({ registry: build.registry });
  const call = generatedCall(index);
  const rotating = Array.from({ length: count }, (_, at) => generatedCall(at));
  let next = 0;
  return [
    { key: 'f1', label: `env.executeTool, 1 tool registered (tool_${index})`, run: () => single.executeTool(call), callsPerRun: 1 },
    {
      key: 'f10k',
      label: `env.executeTool, ${count} tools registered (tool_${index})`,
      run: () => large.executeTool(call),
      callsPerRun: 1,
    },
    {
      key: 'frot',
      label: `env.executeTool, ${count} tools, rotating over all of them`,
      run: () => {
        const result = large.executeTool(rotating[next]);
        next = next + 1 === count ? 0 : next + 1;
        return result;
      },
      callsPerRun: 1,
    },
  ];
}
