import { withLazySignal } from '../../environment/abort-watchers.js';
import type { ChatRequest, ChatResponse, ToolDefinition } from '../../model/chat-model.js';
import type { AssistantMessage, ChatMessage, ModelToolCall } from '../../model/messages.js';
import type { StopReason } from '../../model/stop-reason.js';
import { findAgent, rootOf } from '../handoffs/agent-tree.js';
import type { Handoff } from '../handoffs/handoff.js';
import { callModel } from '../model-call.js';
import { applyContextProviders } from '../context-providers/apply-context-providers.js';
import { inputChecked } from '../guardrails/guard-run.js';
import { nextTurn, turnSliceMs } from '../next-turn.js';
import { deliverUpdates, hasUpdates } from '../pausing/deliver-updates.js';
import type { TurnToolSet } from '../turn-tools.js';
import { repairToolCalls } from '../repair/repair-tool-calls.js';
import { advanceBatch, answerDirectly, answersDirectly, executeDirectly, openBatch, resumeBatch, toolCallEvents } from './batch.js';
import type { Run } from './run.js';
import type { RunAgent } from './run-agent.js';
import { finalOutput, type OutputOutcome } from '../output/final-output.js';

/** How a run's loop ended. @internal */
export interface Outcome extends OutputOutcome {
  stopReason: StopReason;
  /** The final text, when a tool gave it (`skipSummarization`) or the run had stopped with one. */
  text?: string;
  transferTo?: string;
}

/**
 * The agent loop of one run: sends the transcript and the turn's tools to the model of the agent
 * answering now, answers every call of a turn (directly, or through the run's batch when a call may
 * wait for the host or the run is checkpointed) before the next model call, and stops on an answer, a
 * tool's action, a limit, an interruption or an abort. A resumed run first answers its waiting batch.
 * It reads its settings from one place: `run.agent` (the agent answering) and `run.limits` (fixed at
 * the start). Everything it changes is in `run.record`.
 * @param run - the run
 * @returns why it stopped
 * @internal
 */
export async function runLoop(run: Run): Promise<Outcome> {
  const { record, deadline, transcript, limits } = run;
  if (record.batch === undefined && !hasUpdates(record) && record.status !== 'running')
    // A stopped run with nothing to answer or deliver: its result as it stands.
    return {
      stopReason: record.status,
      ...(record.text === undefined ? {} : { text: record.text }),
      ...(record.transferTo === undefined ? {} : { transferTo: record.transferTo }),
    };
  record.status = 'running';
  delete record.text;
  delete record.transferTo;
  if (record.batch !== undefined) {
    const turn = await nextTools(run);
    if (turn === undefined) return { stopReason: deadline.stopReason };
    await resumeBatch(run, turn);
    const outcome = await answerBatch(run, turn);
    if (outcome !== undefined) return outcome;
  }
  let yieldedAt = Date.now();
  for (let first = true; ; first = false) {
    // A model and tools that settle in microtasks would otherwise starve timers and the caller's abort.
    if (!first && Date.now() - yieldedAt >= turnSliceMs) {
      await nextTurn();
      yieldedAt = Date.now();
    }
    if (deadline.expireIfDue()) return { stopReason: deadline.stopReason };
    if (record.pending.length > 0) deliverUpdates(record, transcript);
    if (record.iterations >= limits.maxIterations) return { stopReason: 'max_iterations' };
    const { agent } = run;
    let response: ChatResponse;
    let turn: TurnToolSet;
    try {
      const next = run.toolsOf(agent).next();
      turn = next instanceof Promise ? await next : next;
      const window = agent.settings.extras.window(run, messagesFor(run, agent), deadline);
      const providers = agent.settings.contextProviders;
      const windowed = window instanceof Promise ? await window : window;
      // The request's signal is the run's, made only when the model (or a hook) reads it.
      const request = withLazySignal<ChatRequest>(
        {
          messages:
            providers === undefined
              ? windowed
              : await applyContextProviders(providers, windowed, run.context, deadline.signal, deadline.remainingMs),
          tools: turn.definitions as ToolDefinition[],
        },
        deadline,
      );
      const { toolChoice } = record;
      if (toolChoice !== undefined) request.toolChoice = toolChoice;
      const modelCall = run.modelCallOf(agent);
      if (modelCall.modelSettings !== undefined) request.settings = modelCall.modelSettings;
      if (modelCall.providerOptions !== undefined) request.providerOptions = modelCall.providerOptions;
      // The run's structured output (its own agent's, whoever answers after a handoff).
      const output = run.root.settings.output;
      if (output !== undefined) request.responseFormat = output.format;
      response = await callModel(modelCall, request, record.iterations);
    } catch (error) {
      if (deadline.aborted) return { stopReason: deadline.stopReason };
      throw error;
    }
    record.iterations++;
    const unique = withRunUniqueIds(run, response.message);
    const repaired = repairToolCalls(run, turn, unique);
    const message = repaired instanceof Promise ? await repaired : repaired;
    transcript.addAssistant(message, response.usage, response.finishReason);
    const calls = message.toolCalls;
    if (calls === undefined || calls.length === 0) {
      const output = run.root.settings.output;
      if (output === undefined) return answered;
      const ended = finalOutput(run, output, message);
      if (ended !== undefined) return ended;
      continue; // the answer did not fit: the model was told why, and answers again
    }
    // No tool runs before the input guardrails checked alongside the first model call have passed.
    if (run.inputCheck !== undefined) {
      const trip = await inputChecked(run);
      if (trip !== undefined) {
        run.guardrail = trip;
        return { stopReason: 'guardrail' };
      }
    }
    if (record.toolCallCount + calls.length > limits.maxToolCalls) {
      transcript.addNotExecuted(calls, `the run reached its limit of ${limits.maxToolCalls} tool calls.`);
      return { stopReason: 'max_tool_calls' };
    }
    record.toolCallCount += calls.length;
    let outcome: Outcome | undefined;
    if (answersDirectly(run, turn)) {
      const events = toolCallEvents(run);
      if (events !== undefined) await events.started(calls);
      const results = await executeDirectly(run, turn, calls, events);
      if (!answerDirectly(run, turn, calls, results, events)) return stoppedInBatch(run);
      const after = afterTurn(run);
      outcome = after instanceof Promise ? await after : after;
    } else {
      record.batch = await openBatch(run, turn, calls);
      outcome = await answerBatch(run, turn);
    }
    if (outcome !== undefined) return outcome;
    // A forced choice ('required' or one tool) would loop forever; after one turn of calls the model may answer.
    const choice = record.toolChoice;
    if (agent.settings.resetToolChoice && (choice === 'required' || typeof choice === 'object')) record.toolChoice = 'auto';
  }
}

/** The outcome of a run the model answered (one object: outcomes are only read). */
const answered: Outcome = Object.freeze({ stopReason: 'completed' });

/** The model's message with call ids unique in the whole run (see `Run.uniqueCallId`); the message itself when they are. */
function withRunUniqueIds(run: Run, message: AssistantMessage): AssistantMessage {
  const calls = message.toolCalls;
  if (calls === undefined || calls.length === 0) return message;
  // One call (the usual turn) has no earlier ids in its turn; nothing is copied while every id is unique already.
  const given: string[] | undefined = calls.length > 1 ? [] : undefined;
  let toolCalls: ModelToolCall[] | undefined;
  for (let index = 0; index < calls.length; index++) {
    const call = calls[index]!;
    const id = run.uniqueCallId(call.id, given ?? noIds);
    given?.push(id);
    if (id === call.id && toolCalls === undefined) continue;
    toolCalls ??= calls.slice(0, index);
    toolCalls.push(id === call.id ? call : { ...call, id });
  }
  return toolCalls === undefined ? message : { ...message, toolCalls };
}

/** The ids given before the first call of a turn. */
const noIds: readonly string[] = Object.freeze([]);

/** The messages the model is sent: the transcript, under the answering agent's instructions when it took over. */
function messagesFor(run: Run, agent: RunAgent): ChatMessage[] {
  const { messages } = run.transcript;
  if (agent === run.root) return messages;
  const rest = messages[0]?.role === 'system' ? messages.slice(1) : messages;
  const { instructions } = agent.settings;
  return instructions ? [{ role: 'system', content: instructions }, ...rest] : rest.slice();
}

/** The tools of a turn, or undefined when the run stopped while a toolset was pending. */
async function nextTools(run: Run): Promise<TurnToolSet | undefined> {
  try {
    return await run.toolsOf(run.agent).next();
  } catch (error) {
    if (run.deadline.aborted) return undefined;
    throw error;
  }
}

/** Why a run whose batch still waits stopped: the time limit or the caller, else an interruption. */
function stoppedInBatch(run: Run): Outcome {
  return run.deadline.expireIfDue() ? { stopReason: run.deadline.stopReason } : { stopReason: 'interrupted' };
}

/**
 * Answers what it can of the run's batch; when every call has its result, adds them to the
 * transcript, checkpoints, and tells whether the run stops here.
 */
async function answerBatch(run: Run, turn: TurnToolSet): Promise<Outcome | undefined> {
  if (!(await advanceBatch(run, turn))) return stoppedInBatch(run);
  const { record } = run;
  const entries = record.batch!;
  const calls = entries.map((entry) => ({ id: entry.callId, name: entry.toolName, arguments: entry.arguments }));
  const results = entries.map((entry) => entry.result!);
  run.transcript.addResults(calls, results);
  delete record.batch;
  if (run.checkpoints.active)
    try {
      await run.checkpoints.save();
    } catch (error) {
      // An aborted run does not wait for this checkpoint (it is still written, in order): it stops as aborted.
      if (!run.deadline.aborted) throw error;
    }
  return afterTurn(run);
}

/**
 * After a turn's calls are answered: the time limit, then the handoff or stop a tool asked for.
 * A promise only while a feature's `onHandoff` hook is awaited.
 */
function afterTurn(run: Run): Outcome | undefined | Promise<undefined> {
  if (run.deadline.expireIfDue()) return { stopReason: run.deadline.stopReason };
  const actions = run.record.actions;
  if (actions === undefined) return undefined;
  return handOff(run);
}

/** Follows a handoff a tool asked for: a transfer to an agent of the tree, or an escalation from a sub-agent to its parent. */
function handOff(run: Run): Outcome | undefined | Promise<undefined> {
  const { actions } = run.context;
  const from = run.agent;
  let to: RunAgent | undefined;
  let kind: 'transfer' | 'escalate';
  if (actions.transferToAgent !== undefined) {
    kind = 'transfer';
    to = findAgent(rootOf(run.root), actions.transferToAgent);
    // An agent outside the tree: the host routes it, as before handoffs existed.
    if (to === undefined) return requestedStop(run);
    actions.transferToAgent = undefined;
  } else if (actions.escalate && from !== run.root && from.parent !== undefined) {
    kind = 'escalate';
    to = from.parent;
    actions.escalate = false;
  } else return requestedStop(run);
  if (to !== from) {
    const handoff: Handoff = { from: from.name, to: to.name, kind };
    run.handoffs.push(handoff);
    run.switchTo(to);
    run.events.enqueue({ type: 'handoff', to: to.name, agentName: from.name });
    return run.hooks.handoff(handoff);
  }
  return undefined;
}

/** The stop a tool asked for (a transfer outside the tree, an escalation, `skipSummarization`), acted on once. */
function requestedStop(run: Run): Outcome | undefined {
  const { context, record } = run;
  const { actions } = context;
  if (actions.transferToAgent !== undefined) {
    const transferTo = actions.transferToAgent;
    actions.transferToAgent = undefined;
    return { stopReason: 'transfer', transferTo };
  }
  if (actions.escalate) {
    actions.escalate = false;
    return { stopReason: 'escalate' };
  }
  if (!actions.skipSummarization) return undefined;
  const id = context.skipSummarizationSetBy();
  actions.skipSummarization = false;
  const results = record.toolCalls;
  let call = results.at(-1);
  if (id !== undefined)
    for (let index = results.length - 1; index >= 0; index--)
      if (results[index]!.id === id) {
        call = results[index];
        break;
      }
  // The call that asked to end the run failed: the model sees the error and goes on instead.
  if (call === undefined || call.result.isError) return undefined;
  return { stopReason: 'completed', text: call.result.content };
}
