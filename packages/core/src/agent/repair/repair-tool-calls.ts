import { defaultArgumentLimits } from '../../decoding/argument-limits.js';
import { CallGuard } from '../../environment/bounded-await.js';
import { failedHandler } from '../../environment/tool-pipeline.js';
import { ToolArgumentsError } from '../../errors/tool-arguments-error.js';
import { withoutStack } from '../../errors/without-stack.js';
import type { AssistantMessage, ModelToolCall } from '../../model/messages.js';
import type { AnyTool } from '../../tools/abstract-tool.js';
import type { TurnToolSet } from '../turn-tools.js';
import type { Run } from '../run/run.js';
import { readRepairedCall } from './read-repaired-call.js';
import { repairJson } from './repair-json.js';
import type { RepairSettings, ToolCallRepair, ToolCallRepairError, ToolCallRepairer } from './tool-call-repair.js';

/**
 * Gives the calls of a model's answer that cannot run as sent (an unknown tool, arguments that are
 * not JSON) their one chance to be mended, before they are gated (approvals) and ordered, so a mended
 * call is treated as the call it became: `jsonrepair` first for bad JSON (`repairJson: true`), then the
 * agent's `repairToolCall`. Each mended call is recorded on the transcript (for `run.toolCalls`) and
 * told as a `tool_call_repaired` event; the answer that enters the transcript carries the mended calls
 * (the same ids). A call nothing mends is left as it is: the environment answers it with its error.
 * Without `repairToolCall` and `repairJson` (the default) this looks at nothing.
 * @param run - the run
 * @param set - the turn's tools
 * @param message - the model's answer (its call ids already unique in the run)
 * @returns the answer, with mended calls where there were any (the same object when none was mended)
 */
export function repairToolCalls(run: Run, set: TurnToolSet, message: AssistantMessage): AssistantMessage | Promise<AssistantMessage> {
  const repair = run.agent.settings.repair;
  const calls = message.toolCalls;
  if (repair === undefined || calls === undefined) return message;
  let broken: number[] | undefined;
  for (let index = 0; index < calls.length; index++) {
    const call = calls[index]!;
    const tool = set.environment.registry.findTool(call.name);
    if (tool === undefined ? repair.repairToolCall !== undefined : !parses(call.arguments)) (broken ??= []).push(index);
  }
  return broken === undefined ? message : repairAll(run, set, repair, message, calls, broken);
}

async function repairAll(
  run: Run,
  set: TurnToolSet,
  repair: RepairSettings,
  message: AssistantMessage,
  calls: readonly ModelToolCall[],
  broken: readonly number[],
): Promise<AssistantMessage> {
  const mended = await Promise.all(broken.map((index) => repairOne(run, set, repair, calls[index]!)));
  let toolCalls: ModelToolCall[] | undefined;
  for (let position = 0; position < broken.length; position++) {
    const outcome = mended[position];
    if (outcome === undefined) continue;
    const index = broken[position]!;
    const original = calls[index]!;
    const record: ToolCallRepair = { by: outcome.by, original: { name: original.name, arguments: original.arguments } };
    (toolCalls ??= calls.slice())[index] = outcome.call;
    run.transcript.repaired(original.id, record);
    await run.events.emit({
      type: 'tool_call_repaired',
      callId: original.id,
      toolName: outcome.call.name,
      arguments: outcome.call.arguments,
      ...record,
    });
  }
  return toolCalls === undefined ? message : { ...message, toolCalls };
}

/** One call's repair: the mended call and what mended it, or undefined when nothing did. */
async function repairOne(
  run: Run,
  set: TurnToolSet,
  repair: RepairSettings,
  call: ModelToolCall,
): Promise<{ call: ModelToolCall; by: ToolCallRepairer[] } | undefined> {
  const { registry } = set.environment;
  const by: ToolCallRepairer[] = [];
  let current = call;
  let tool = registry.findTool(call.name);
  if (tool === undefined) {
    // An unknown tool reaches here only with a repairToolCall.
    const asked = await ask(
      run,
      set,
      repair,
      current,
      withoutStack(() => registry.notFound(current.name)),
      undefined,
    );
    if (asked === undefined) return undefined;
    current = asked;
    by.push('repairToolCall');
    tool = registry.findTool(current.name);
    // Validated like any call: the environment tells the model this name is unknown too.
    if (tool === undefined) return { call: current, by };
  }
  if (!parses(current.arguments)) {
    const text = repair.repairJson ? repairJson(current.arguments) : undefined;
    if (text !== undefined) {
      current = { ...current, arguments: text };
      by.push('jsonrepair');
    } else if (by.length === 0) {
      const error = jsonError(tool, current.arguments);
      const asked = error === undefined ? undefined : await ask(run, set, repair, current, error, tool);
      if (asked !== undefined) {
        current = asked;
        by.push('repairToolCall');
      }
    }
  }
  return by.length === 0 ? undefined : { call: current, by };
}

/**
 * Asks the agent's `repairToolCall`, bounded by the call's time limit and the run's signal. What it
 * throws, rejects with or returns that is not a call is reported (feature `'repairToolCall'`, stage
 * `'repair'`), as is a repair still pending when its time is up; the call then stays as it was.
 * @returns the mended call, or undefined
 */
async function ask(
  run: Run,
  set: TurnToolSet,
  repair: RepairSettings,
  call: ModelToolCall,
  error: ToolCallRepairError,
  tool: AnyTool | undefined,
): Promise<ModelToolCall | undefined> {
  const repairToolCall = repair.repairToolCall;
  if (repairToolCall === undefined) return undefined;
  const { pipeline } = run.agent.settings;
  const { runId } = run.record;
  const report = (thrown: unknown) =>
    pipeline.report({ feature: 'repairToolCall', stage: 'repair', callId: call.id, runId, error: thrown });
  const guard = new CallGuard(call, call.name, tool?.timeoutMs ?? set.environment.toolTimeoutMs, undefined, run.deadline.signal);
  try {
    let returned: unknown;
    try {
      returned = repairToolCall(call, error, {
        tools: set.definitions,
        messages: run.transcript.messages.slice(),
        agentContext: run.context,
        runId,
        signal: guard.signal,
      });
    } catch (thrown) {
      report(thrown);
      return undefined;
    }
    const settled = await pipeline.settle(returned, 'repairToolCall', 'repair', call.id, guard, runId);
    return settled === failedHandler ? undefined : readRepairedCall(call, settled, report);
  } catch {
    // The repair's time was up, or the run stopped, while it was pending: reported by `settle`.
    return undefined;
  } finally {
    guard.dispose();
  }
}

/** Whether a call's arguments parse as JSON (no arguments at all do). */
function parses(text: string): boolean {
  if (text.length === 0 || text.length > defaultArgumentLimits.maxLength || (text.charCodeAt(0) <= 32 && text.trim() === '')) return true;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The error the environment would answer arguments that are not JSON with, for `repairToolCall`. */
function jsonError(tool: AnyTool, text: string): ToolArgumentsError | undefined {
  const outcome = tool.argsDecoder.decode(text, defaultArgumentLimits);
  if (outcome.ok || !outcome.violations.some((violation) => violation.constraint === 'json')) return undefined;
  return withoutStack(() => new ToolArgumentsError(tool.name, outcome.violations));
}
