import { Agent, Tool, ToolRegistry, type AnyTool, type ChatModel, type JsonSchema, type Toolset } from '@toolcraft/core';
import type { BenchCase, Timing } from '../measure';
import { formatNs, timedRow, type ResultRow } from '../report';

/** How many tools every case offers per turn. */
export const toolsetToolCount = 1_000;
/** How many distinct sets the rotating case cycles through: more than the agent keeps built (4), so every turn rebuilds. */
const rotatingSets = 5;

const digitsSchema: JsonSchema = {
  type: 'object',
  properties: { digit1: { type: 'integer' }, digit2: { type: 'integer' } },
  required: ['digit1', 'digit2'],
};

/** A cheap tool: the cases measure the agent's handling of the set, not the tools. */
class SetTool extends Tool<{ digit1: number; digit2: number }, number> {
  constructor(name: string) {
    super({ argsType: digitsSchema, name, description: `Adds two digits (${name}).` });
  }
  execute(args: { digit1: number; digit2: number }): number {
    return args.digit1 + args.digit2;
  }
}

function makeTools(prefix: string): AnyTool[] {
  return Array.from({ length: toolsetToolCount }, (_, index) => new SetTool(`${prefix}${index}`));
}

/** A model that answers at once, so one run is one turn and the case times the agent's turn, not a model. */
const answeringModel: ChatModel = { complete: async () => ({ message: { role: 'assistant', content: 'ok' } }) };

/**
 * The toolset cases, per turn (one turn per run, a model that answers at once):
 * (k0) an agent over a fixed registry of 1,000 tools, the baseline;
 * (k) the same 1,000 tools from a toolset asked every turn, answering the same tools each time
 *     (a new array of the same instances): the set is compared, its definitions and environment reused;
 * (kr) a toolset rotating through 5 sets of 1,000 tools, more than the agent keeps built, so every turn
 *     rebuilds the registry, the environment and the definitions (what caching saves).
 * @returns the cases
 */
export function toolsetTurnCases(): BenchCase[] {
  const fixed = makeTools('tool_');
  const sets = Array.from({ length: rotatingSets }, (_, index) => makeTools(`set${index}_`));
  const unchanged: Toolset = { name: 'unchanged', getTools: () => fixed.slice() };
  let turn = 0;
  const rotating: Toolset = { name: 'rotating', getTools: () => sets[turn++ % rotatingSets] };
  const registryAgent = new Agent({ model: answeringModel, registry: ToolRegistry.of(fixed) });
  const toolsetAgent = new Agent({ model: answeringModel, tools: [unchanged] });
  const rotatingAgent = new Agent({ model: answeringModel, tools: [rotating] });
  return [
    {
      key: 'k0',
      label: `Agent turn over a fixed registry of ${toolsetToolCount} tools`,
      run: () => registryAgent.run('hi'),
      callsPerRun: 1,
    },
    {
      key: 'k',
      label: `Agent turn, the same ${toolsetToolCount} tools from a toolset (unchanged)`,
      run: () => toolsetAgent.run('hi'),
      callsPerRun: 1,
    },
    {
      key: 'kr',
      label: `Agent turn, a toolset changing its ${toolsetToolCount} tools every turn (rebuilt)`,
      run: () => rotatingAgent.run('hi'),
      callsPerRun: 1,
    },
  ];
}

/**
 * Runs every toolset case once and checks that the model was offered the 1,000 tools.
 * @param cases - the cases
 * @throws Error when a run did not complete
 */
export async function verifyToolsetCases(cases: readonly BenchCase[]): Promise<void> {
  for (const benchCase of cases) {
    const run = (await benchCase.run()) as { text?: string; stopReason?: string };
    if (run.text !== 'ok' || run.stopReason !== 'completed')
      throw new Error(`case ${benchCase.key} did not complete: ${JSON.stringify(run)}`);
  }
}

/**
 * The table rows of the toolset cases, side by side with (k0).
 * @param timings - timings of (k0), (k), (kr)
 * @returns the rows
 */
export function toolsetTurnRows(timings: Map<string, Timing>): ResultRow[] {
  const base = timings.get('k0')!;
  const row = (key: string, label: string): ResultRow => timedRow(timings, key, label, key === 'k0' ? {} : { baseline: 'k0' });
  const unchanged = timings.get('k')!;
  return [
    row('k0', `Agent turn over a fixed registry of ${toolsetToolCount} tools (baseline)`),
    row('k', `the same ${toolsetToolCount} tools from a toolset asked every turn, unchanged (cached set)`),
    row('kr', `a toolset changing its ${toolsetToolCount} tools every turn (registry, environment, definitions rebuilt)`),
    {
      key: '(k-k0)',
      label: `per-turn cost of resolving ${toolsetToolCount} unchanged toolset tools: (k) minus (k0) (cpu ${formatNs(unchanged.cpuMedianNs - base.cpuMedianNs)})`,
      value: formatNs(unchanged.medianNs - base.medianNs),
    },
  ];
}
