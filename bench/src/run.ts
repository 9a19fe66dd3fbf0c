import 'reflect-metadata';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { invalidCall, validCall } from './cases/calculator';
import { createEnvironments, dispatchCases } from './cases/dispatch-cases';
import { buildBudgetMs, buildLargeRegistry, registryScaleCases, toolCount } from './cases/registry-scale';
import { verifyCases } from './cases/verify';
import {
  agentTurnCases,
  agentTurnRows,
  fileSessionCases,
  heapTurnKeys,
  fileTimingOptions,
  removeSessionFolders,
  verifyAgentCases,
} from './cases/agent-turns';
import { storeCases, storeRows, storeTimingOptions } from './cases/store-cases';
import { tracingCases, tracingRows } from './cases/tracing-cases';
import { toolsetTurnCases, toolsetTurnRows, verifyToolsetCases } from './cases/toolset-turns';
import { mcpCases, mcpRows, verifyMcpCases } from './cases/mcp-round-trip';
import { toolSearchCases, toolSearchRows } from './cases/tool-search';
import { adapterTurnCases, adapterTurnRows } from './cases/adapter-turns';
import { multiAgentCases, multiAgentRows } from './cases/multi-agent-turns';
import { guardedTurnCases, guardedTurnRows, verifyGuardedCases } from './cases/guarded-turns';
import { allocationPerCall, collectGarbage, heapGrowth, timeInterleaved, type Allocation, type BenchCase, type Timing } from './measure';
import { formatBytes, formatMs, formatNs, printTable, writeReport, type ResultRow } from './report';
import { turnHeapInChildren } from './turn-heap';

const timingOptions = { rounds: 101, batchMs: 2, warmupMs: 300, warmupCalls: 20_000, minIterations: 20 };
const allocationWindows = { iterations: 200, windows: 40 };
const millionCalls = 1_000_000;
const resultsPath = join(__dirname, 'results.json');

async function main(): Promise<void> {
  const startedAt = new Date();
  const log = (text: string) => console.error(`[bench] ${text}`);
  if (process.env.BENCH_ONLY === 'turns') return agentTurnsOnly(log);
  if (process.env.BENCH_ONLY === 'mcp') return mcpOnly(log);
  if (process.env.BENCH_ONLY === 'tracing') return tracingOnly(log);

  log('checking every case answers correctly');
  const environments = createEnvironments();
  const cases = dispatchCases(environments);
  const byKey = new Map(cases.map((benchCase) => [benchCase.key, benchCase]));
  const samples = await verifyCases(cases, new Set(['d', 'd0']));

  log(`timing ${cases.length} dispatch cases, ${timingOptions.rounds} interleaved rounds`);
  const timings = await timeInterleaved(cases, timingOptions);

  log('measuring heap bytes allocated per call');
  const allocations = new Map<string, Allocation>();
  for (const key of ['noop', 'a', 'b', 'c', 'd', 'ref']) {
    const benchCase = byKey.get(key)!;
    allocations.set(
      key,
      await allocationPerCall(benchCase.run, benchCase.callsPerRun, allocationWindows.iterations, allocationWindows.windows),
    );
  }

  log(`one environment, ${millionCalls.toLocaleString('en')} calls (unique ids, every 10th invalid)`);
  const growth = await heapGrowth(
    (index) => environments.classBased.executeTool({ ...(index % 10 === 9 ? invalidCall : validCall), id: `call_${index}` }),
    millionCalls,
  );

  // The large registry is dropped once its rows are timed: kept alive, its heap slows every later case's garbage collection.
  const { build, scaleLabels, scaleTimings } = await timeRegistryScale(log);
  collectGarbage();

  log('timing agent turns: hand-written loop, Agent + ScriptedModel, in an in-memory session');
  const turnCases = agentTurnCases();
  await verifyAgentCases(turnCases);
  const turnTimings = await timeInterleaved(turnCases, timingOptions);
  log('measuring heap bytes allocated per agent turn');
  const turnHeap = await measureTurnHeap(turnCases);
  log('timing runs in a file session (fsync per run)');
  const fileCases = fileSessionCases();
  await verifyAgentCases(fileCases);
  const fileTimings = await timeInterleaved(fileCases, fileTimingOptions);
  removeSessionFolders();
  log('timing agent turns with an output guardrail and a deciding onToolCallStarting hook, next to the same turn without');
  const guardedCases = guardedTurnCases();
  await verifyGuardedCases(guardedCases);
  const guardedTimings = await timeInterleaved(guardedCases, timingOptions);
  log('timing multi-agent turns: hand-written loops, an Agent with an AgentTool sub-agent, the same streamed');
  const multiCases = multiAgentCases();
  await verifyAgentCases(multiCases);
  const multiTimings = await timeInterleaved(multiCases, timingOptions);
  log('timing agent turns over 1,000 tools: a fixed registry, an unchanged toolset, a toolset changing every turn');
  const toolsetCases = toolsetTurnCases();
  await verifyToolsetCases(toolsetCases);
  const toolsetTimings = await timeInterleaved(toolsetCases, timingOptions);

  log("timing MCP tools/call round trips (SDK Client over the in-memory transport) against the SDK's own McpServer");
  const mcp = await mcpCases();
  await verifyMcpCases(mcp.cases);
  const mcpTimings = await timeInterleaved(mcp.cases, timingOptions);
  await mcp.close();

  log('timing one agent turn through each model adapter against a local server speaking its wire format');
  const adapters = await adapterTurnCases();
  const adapterTimings = await timeInterleaved(adapters.cases, {
    rounds: 21,
    batchMs: 20,
    warmupMs: 300,
    warmupCalls: 20,
    minIterations: 2,
  });
  await adapters.close();

  log('measuring tool search: what a turn sends with 1,000 tools behind ToolSearchToolset, and one search');
  const search = await toolSearchCases();
  const searchTimings = await timeInterleaved(search.cases, timingOptions);

  log('timing one tool call with the openTelemetry() feature: none, a no-op tracer, a recording tracer');
  const tracingTimings = await timeInterleaved(tracingCases(), timingOptions);

  log('timing session turns and checkpoint writes: Redis against files');
  const stores = await storeCases();
  let storeTimings = new Map<string, Timing>();
  if (stores === undefined) log('Redis does not answer (TOOLCRAFT_BENCH_REDIS_URL or 127.0.0.1:6379): store cases skipped');
  else {
    storeTimings = await timeInterleaved(stores.cases, storeTimingOptions);
    await stores.close();
  }

  const rows = [
    ...buildRows(timings, scaleTimings, allocations, growth, build, scaleLabels),
    ...agentTurnRows(turnTimings, fileTimings, turnHeap),
    ...guardedTurnRows(guardedTimings),
    ...multiAgentRows(multiTimings),
    ...toolsetTurnRows(toolsetTimings),
    ...mcpRows(mcpTimings),
    ...adapterTurnRows(adapterTimings),
    ...search.rows,
    ...toolSearchRows(searchTimings),
    ...tracingRows(tracingTimings),
    ...(stores === undefined ? [] : storeRows(storeTimings)),
  ];
  console.log(`\ntoolcraft benchmark, node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'})\n`);
  printTable(rows);
  console.log(`\nthe model sees, for (d):\n${indent(samples.d)}\nand for the hand-written invalid path (d0):\n${indent(samples.d0)}`);
  const elapsedMs = Date.now() - startedAt.getTime();
  writeReport(resultsPath, {
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cpus: cpus().length,
    startedAt: startedAt.toISOString(),
    elapsedMs,
    rows,
    raw: {
      timings: Object.fromEntries(timings),
      scaleTimings: Object.fromEntries(scaleTimings),
      agentTurnTimings: Object.fromEntries(turnTimings),
      agentTurnHeap: Object.fromEntries(turnHeap),
      fileSessionTimings: Object.fromEntries(fileTimings),
      guardedTurnTimings: Object.fromEntries(guardedTimings),
      multiAgentTimings: Object.fromEntries(multiTimings),
      toolsetTurnTimings: Object.fromEntries(toolsetTimings),
      mcpTimings: Object.fromEntries(mcpTimings),
      toolSearchTimings: Object.fromEntries(searchTimings),
      adapterTurnTimings: Object.fromEntries(adapterTimings),
      storeTimings: Object.fromEntries(storeTimings),
      allocations: Object.fromEntries(allocations),
      heapGrowth: growth,
      registryBuild: build,
      samples,
    },
  });
  console.log(`\nwritten to ${resultsPath} in ${formatMs(elapsedMs)}`);
}

/**
 * `BENCH_ONLY=mcp`: only the MCP round trips (m0 to mi), for quick runs while working on `@toolcraft/mcp`; nothing is written.
 * @param log - progress output
 */
async function mcpOnly(log: (text: string) => void): Promise<void> {
  log('timing MCP tools/call round trips only (BENCH_ONLY=mcp)');
  const mcp = await mcpCases();
  await verifyMcpCases(mcp.cases);
  const mcpTimings = await timeInterleaved(mcp.cases, timingOptions);
  await mcp.close();
  printTable(mcpRows(mcpTimings));
}

/**
 * `BENCH_ONLY=tracing`: only the tracing cases (o0 to o2), for quick runs while working on `@toolcraft/opentelemetry`; nothing is written.
 * @param log - progress output
 */
async function tracingOnly(log: (text: string) => void): Promise<void> {
  log('timing the openTelemetry() feature only (BENCH_ONLY=tracing)');
  printTable(tracingRows(await timeInterleaved(tracingCases(), timingOptions)));
}

/**
 * `BENCH_ONLY=turns`: only the agent-turn cases (t0, t, tst, ts, tc, tp), their heap per turn and the guarded
 * turns, for quick runs while working on the run loop; nothing is written.
 * @param log - progress output
 */
async function agentTurnsOnly(log: (text: string) => void): Promise<void> {
  log('timing agent turns only (BENCH_ONLY=turns)');
  const turnCases = agentTurnCases();
  await verifyAgentCases(turnCases);
  const turnTimings = await timeInterleaved(turnCases, timingOptions);
  const turnHeap = await measureTurnHeap(turnCases);
  const guardedCases = guardedTurnCases();
  await verifyGuardedCases(guardedCases);
  const guardedTimings = await timeInterleaved(guardedCases, timingOptions);
  console.log(`\ntoolcraft agent turns, node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'})\n`);
  printTable([...agentTurnRows(turnTimings, undefined, turnHeap), ...guardedTurnRows(guardedTimings)]);
}

/**
 * Measures the heap allocated per turn of the agent-turn cases that have a heap row.
 * @param turnCases - the agent-turn cases
 * @returns bytes per turn, by case key
 */
function measureTurnHeap(turnCases: readonly BenchCase[]): Promise<Map<string, Allocation>> {
  // Each in a process of its own, which runs it alone (see `turn-heap.ts`: in this one, what ran before changes the figure).
  return turnHeapInChildren(turnCases.filter((candidate) => heapTurnKeys.includes(candidate.key)).map((benchCase) => benchCase.key));
}

/** What is kept of the large registry's build once its rows are timed (its tools and registry are let go). */
type BuildSummary = Omit<Awaited<ReturnType<typeof buildLargeRegistry>>, 'registry' | 'tools'>;

/**
 * Builds the large registry and times one call with 1 and with every tool registered.
 * @param log - progress output
 * @returns the build's figures (without its tools), the cases' labels and their timings
 */
async function timeRegistryScale(
  log: (text: string) => void,
): Promise<{ build: BuildSummary; scaleLabels: Map<string, string>; scaleTimings: Map<string, Timing> }> {
  log(`building a registry of ${toolCount.toLocaleString('en')} generated tools and converting it to OpenAI tools twice`);
  collectGarbage();
  const built = await buildLargeRegistry();
  log(`timing one call with 1 and with ${built.tools.length.toLocaleString('en')} tools registered`);
  const scaleCases = registryScaleCases(built);
  await verifyCases(scaleCases, new Set());
  const scaleTimings = await timeInterleaved(scaleCases, timingOptions);
  const { registry: _registry, tools: _tools, ...build } = built;
  return { build, scaleLabels: new Map(scaleCases.map((benchCase) => [benchCase.key, benchCase.label])), scaleTimings };
}

function buildRows(
  timings: Map<string, Timing>,
  scaleTimings: Map<string, Timing>,
  allocations: Map<string, Allocation>,
  growth: Awaited<ReturnType<typeof heapGrowth>>,
  build: BuildSummary,
  scaleLabels: Map<string, string>,
): ResultRow[] {
  const cases = new Map<string, BenchCase>(dispatchCases(createEnvironments()).map((benchCase) => [benchCase.key, benchCase]));
  const median = (key: string) => (timings.get(key) ?? scaleTimings.get(key))!.medianNs;
  const timed = (key: string, shown: string, label: string, baseline?: string, limit?: number): ResultRow => {
    const timing = (timings.get(key) ?? scaleTimings.get(key))!;
    const ratio = baseline === undefined ? undefined : timing.medianNs / median(baseline);
    const cpuRatio =
      baseline === undefined ? undefined : timing.cpuMedianNs / (timings.get(baseline) ?? scaleTimings.get(baseline))!.cpuMedianNs;
    return {
      key: shown,
      label,
      value: formatNs(timing.medianNs),
      spread: `${formatNs(timing.p25Ns)}–${formatNs(timing.p75Ns)}`,
      cpu: formatNs(timing.cpuMedianNs),
      ...(ratio !== undefined ? { ratio: `${ratio.toFixed(2)}x ${baseline} (cpu ${cpuRatio!.toFixed(2)}x)` } : {}),
      ...(limit !== undefined ? { target: `≤ ${limit}x ${baseline}`, pass: ratio! <= limit } : {}),
    };
  };
  const label = (key: string) => cases.get(key)?.label ?? scaleLabels.get(key) ?? key;
  const buildMs = build.constructToolsMs + build.buildRegistryMs;
  const allocated = (key: string, shown: string, limit?: number): ResultRow => {
    const allocation = allocations.get(key)!;
    return {
      key: shown,
      label: `heap allocated per call: ${label(key)} (${allocation.windowsUsed}/${allocation.windowsUsed + allocation.windowsDiscarded} GC-free windows)`,
      value: formatBytes(allocation.bytesPerCall),
      ...(limit !== undefined ? { target: `< ${formatBytes(limit)}`, pass: allocation.bytesPerCall < limit } : {}),
    };
  };
  return [
    timed('a', '(a)', label('a')),
    timed('b', '(b)', label('b'), 'a', 2),
    timed('c', '(c)', label('c'), 'a', 2),
    timed('d0', '(d0)', label('d0')),
    timed('d', '(d)', label('d'), 'd0', 2.5),
    timed('e', '(e)', `${label('e')}; vs (e0): ${(median('e') / median('e0')).toFixed(2)}x`, 'a'),
    timed('e0', '(e0)', label('e0'), 'a'),
    timed('f1', '(f1)', label('f1')),
    timed('f10k', '(f)', label('f10k'), 'f1', 1.2),
    timed('frot', '(f*)', `${label('frot')} (information)`, 'f1'),
    {
      key: '(g)',
      label:
        build.constructed < toolCount
          ? `build STOPPED after ${build.constructed} of ${toolCount} tools (budget ${formatMs(buildBudgetMs)}); ms per 1000 tools: ${build.msPerThousand.join(', ')}`
          : `build ${toolCount} tools (compile Args classes ${formatMs(build.constructToolsMs)}) + registry (${formatMs(build.buildRegistryMs)}); generating the classes took ${formatMs(build.generateClassesMs)} more`,
      value: formatMs(buildMs),
      target: '< 1 s',
      pass: build.constructed === toolCount && buildMs < 1000,
    },
    {
      key: '(g1)',
      label: `first toOpenAITools(registry, { strict: true }), ${build.definitions} definitions`,
      value: formatMs(build.firstConversionMs),
    },
    {
      key: '(g2)',
      label: `second toOpenAITools: ${build.sameInstance ? 'same array instance (cached)' : 'a new array'}`,
      value: formatMs(build.secondConversionMs),
      target: 'same instance or ~0 ms',
      pass: build.sameInstance || build.secondConversionMs < 0.1,
    },
    allocated('b', '(h)', 1024),
    allocated('a', '(h-a)'),
    allocated('c', '(h-c)'),
    allocated('d', '(h-d)'),
    allocated('ref', '(h-ref)'),
    allocated('noop', '(h-noop)'),
    {
      key: '(i)',
      label: `heap after GC, before ${formatBytes(growth.beforeBytes)} → after ${growth.calls.toLocaleString('en')} calls ${formatBytes(growth.afterBytes)} (took ${formatMs(growth.elapsedMs)})`,
      value: formatBytes(growth.growthBytes),
      target: '< 10 MB',
      pass: growth.growthBytes < 10 * 1024 * 1024,
    },
    timed('ref', '(ref)', label('ref'), 'a'),
    timed('noop', '(noop)', label('noop'), 'a'),
  ];
}

function indent(text: string | undefined): string {
  return (text ?? '')
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
