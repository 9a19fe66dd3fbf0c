import { Agent, ToolRegistry, type Feature, type Guardrail, type RunResult, type ToolCallStartingHandler } from '@toolcraft/core';
import { ScriptedModel, type ScriptedTurn } from '@toolcraft/testing';
import { CalculatorTool } from './calculator';
import type { BenchCase, Timing } from '../measure';
import { timedRow, type ResultRow } from '../report';

/** Two turns per run: the model calls the calculator, then (seeing the result, or why it was blocked) answers. */
const turn: ScriptedTurn = (request) =>
  request.messages.at(-1)?.role === 'tool'
    ? { text: '3 + 4 = 7.' }
    : { toolCalls: [{ id: 'call_1', name: 'calculator', arguments: '{"digit1":3,"digit2":4}' }] };
const turnsPerRun = 2;
const question = 'What is 3 + 4?';
const answer = '3 + 4 = 7.';

/** An output guardrail that reads the whole answer (a US social security number trips it). */
const noSSN: Guardrail = { name: 'no_ssn', check: (text) => ({ tripwire: /\d{3}-\d{2}-\d{4}/.test(text), reason: 'SSN' }) };

/** A feature whose `onToolCallStarting` handler decides on every call: `decide` returns a block, or nothing to let it run. */
function policy(decide: ToolCallStartingHandler): Feature {
  const feature: Feature = { name: 'policy', install: (pipeline) => pipeline.onToolCallStarting(feature, decide) };
  return feature;
}

/** Lets a call run unless a digit is over 9: the check a policy makes, passed on this turn. */
const letSmallDigits: ToolCallStartingHandler = ({ call }) => {
  const { digit1, digit2 } = call.arguments as { digit1: number; digit2: number };
  return digit1 > 9 || digit2 > 9 ? { block: 'Only digits.' } : undefined;
};

/** One agent on one `ScriptedModel`, its recorded requests cleared after each run (they would pile up). */
function agentCase(options: { guarded: boolean; decide?: ToolCallStartingHandler }): () => Promise<RunResult> {
  const model = new ScriptedModel([turn], { onExhausted: 'repeatLast' });
  const agent = new Agent({
    model,
    registry: ToolRegistry.of(new CalculatorTool()),
    instructions: 'Be brief.',
    ...(options.guarded ? { outputGuardrails: [noSSN] } : {}),
    ...(options.decide === undefined ? {} : { features: [policy(options.decide)] }),
  });
  return async () => {
    const result = await agent.run(question);
    model.requests.length = 0;
    return result;
  };
}

/**
 * The guarded-turn cases, per turn (two per run), all on the same `ScriptedModel` turn as (t): (tg0) an
 * `Agent` without guardrail or hook, (tg) the same with an output guardrail and an `onToolCallStarting`
 * handler that decides on the call and lets it run, (tgb) the same handler blocking the call (the tool
 * does not run; the model is told why, then answers).
 * @returns the cases
 */
export function guardedTurnCases(): BenchCase[] {
  return [
    {
      key: 'tg0',
      label: 'Agent + ScriptedModel, no guardrail, no hook, per turn',
      run: agentCase({ guarded: false }),
      callsPerRun: turnsPerRun,
    },
    {
      key: 'tg',
      label: 'the same with an output guardrail and a deciding onToolCallStarting hook (lets it run), per turn',
      run: agentCase({ guarded: true, decide: letSmallDigits }),
      callsPerRun: turnsPerRun,
    },
    {
      key: 'tgb',
      label: 'the same with the hook blocking the call (the tool does not run), per turn',
      run: agentCase({ guarded: true, decide: () => ({ block: 'Not today.' }) }),
      callsPerRun: turnsPerRun,
    },
  ];
}

/**
 * Runs every guarded case once and checks it did what it says: the answer, the guardrail passed, the
 * call run (or blocked, for tgb).
 * @param cases - the cases
 * @throws Error when a case does otherwise
 */
export async function verifyGuardedCases(cases: readonly BenchCase[]): Promise<void> {
  for (const benchCase of cases) {
    const run = (await benchCase.run()) as RunResult;
    const blocked = run.toolCalls[0]?.result.isError === true;
    if (run.text !== answer || run.stopReason !== 'completed' || blocked !== (benchCase.key === 'tgb'))
      throw new Error(`case ${benchCase.key}: ${run.stopReason}, ${JSON.stringify(run.text)}, the call ${blocked ? 'blocked' : 'run'}`);
  }
}

/**
 * @param timings - the cases' timings
 * @returns the rows, (tg) and (tgb) against (tg0)
 */
export function guardedTurnRows(timings: Map<string, Timing>): ResultRow[] {
  return [
    timedRow(timings, 'tg0', 'Agent + ScriptedModel (calculator call, then answer), no guardrail, no hook, per turn'),
    timedRow(timings, 'tg', 'the same + an output guardrail + a deciding onToolCallStarting hook (lets the call run)', { baseline: 'tg0' }),
    timedRow(timings, 'tgb', 'the same, the hook blocking the call (the tool does not run)', { baseline: 'tg0' }),
  ];
}
