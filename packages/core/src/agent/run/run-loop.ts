import { lazySignalSource, withLazySignal } from '../../environment/abort-watchers.js';
import { thenOnce } from '../../environment/wait-pool.js';
import type { ChatRequest, ChatResponse, ToolDefinition } from '../../model/chat-model.js';
import type { AssistantMessage, ChatMessage, ModelToolCall } from '../../model/messages.js';
import type { ReceivedToolResult } from '../../environment/tool-call.js';
import type { GuardrailTrip } from '../guardrails/guardrail.js';
import type { ToolCallEvents } from '../streaming/tool-call-events.js';
import type { StreamedCallTarget } from '../streaming/stream-model-response.js';
import type { StopReason } from '../../model/stop-reason.js';
import { findAgent, rootOf } from '../handoffs/agent-tree.js';
import type { Handoff } from '../handoffs/handoff.js';
import { callerBounded, callerBoundedCalls, callModel, streamingModel, streamsTold } from '../model-call.js';
import { applyContextProviders } from '../context-providers/apply-context-providers.js';
import { RunTimeLimitReachedError } from '../../errors/run-time-limit-reached-error.js';
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
export function runLoop(run: Run): Promise<Outcome> {
  return startLoop(run) ?? (loopFor(run, undefined, undefined).start() as Promise<Outcome>);
}

/**
 * {@link runLoop}, its outcome ended by `end` (the run finished into its result): the loop's promise
 * is the result's, with no `then` and handlers of its own for a new run.
 * @param run - the run
 * @param end - makes the run's result of its outcome (its throw rejects: it cleans up after itself)
 * @param failed - what a failed loop does before the promise rejects (it must not throw); the promise
 *   rejects once what it returns, if anything, is done
 * @returns the run's result
 * @internal
 */
export function runLoopTo<T>(
  run: Run,
  end: (run: Run, outcome: Outcome) => T | Promise<T>,
  failed: (run: Run, error: unknown) => Promise<void> | undefined,
): Promise<T> {
  const started = startLoop(run);
  if (started === undefined) return loopFor(run, end, failed).start() as Promise<T>;
  return started.then(
    (outcome) => end(run, outcome),
    (error: unknown) => {
      const waiting = failed(run, error);
      if (waiting === undefined) throw error;
      return waiting.then(() => Promise.reject(error as Error));
    },
  );
}

/** The start of a run's loop: undefined for a run whose turns begin now, else the outcome's promise (a stopped or a resumed run's). */
function startLoop(run: Run): Promise<Outcome> | undefined {
  const { record } = run;
  if (record.batch === undefined && !hasUpdates(record) && record.status !== 'running')
    // A stopped run with nothing to answer or deliver: its result as it stands.
    return Promise.resolve({
      stopReason: record.status,
      ...(record.text === undefined ? {} : { text: record.text }),
      ...(record.transferTo === undefined ? {} : { transferTo: record.transferTo }),
    });
  record.status = 'running';
  delete record.text;
  delete record.transferTo;
  if (record.batch !== undefined)
    return answerWaitingBatch(run).then((outcome) =>
      outcome === undefined ? (loopFor(run, undefined, undefined).start() as Promise<Outcome>) : outcome,
    );
  return undefined;
}

/** A resumed run's waiting batch answered: the run's outcome when it stops there, else undefined (its turns go on). */
async function answerWaitingBatch(run: Run): Promise<Outcome | undefined> {
  const turn = await nextTools(run);
  if (turn === undefined) return { stopReason: run.deadline.stopReason };
  await resumeBatch(run, turn);
  return answerBatch(run, turn);
}

/** The resolving functions of the promise a {@link TurnLoop} is making (set just for the `new Promise` call). */
const captured: { resolve?: (value: unknown) => void; reject?: (reason: unknown) => void } = {};

/** The executor of a {@link TurnLoop}'s promise: one function, no closure per run. */
function capture(resolve: (value: unknown) => void, reject: (reason: unknown) => void): void {
  captured.resolve = resolve;
  captured.reject = reject;
}

/**
 * Loops that ended with nothing left to settle into them (see {@link TurnLoop.release}), kept for the
 * next runs: a loop's object and its two handlers are made once, not per run.
 */
const idleLoops: TurnLoop[] = [];

/** How many ended loops are kept (about as many as runs end at once in a busy process). */
const idleLoopLimit = 16;

/** A loop for a run: an idle one made ready for it, else a new one. */
function loopFor(
  run: Run,
  end: ((run: Run, outcome: Outcome) => unknown) | undefined,
  failed: ((run: Run, error: unknown) => Promise<void> | undefined) | undefined,
): TurnLoop {
  const idle = idleLoops.pop();
  if (idle === undefined) return new TurnLoop(run, end, failed);
  idle.reset(run, end, failed);
  return idle;
}

/**
 * The number of ended loops kept for reuse (for tests).
 * @returns how many there are
 * @internal
 */
export function idleLoopCount(): number {
  return idleLoops.length;
}

/**
 * The turns of one run, one after another, as steps chained on what each waits for (the tools, the
 * model's answer, the calls' results): one object and one promise per run, its handlers made once, a
 * step's wait one `then` (an async function would cost its frame and every await's closures, per run
 * and per turn). A step that throws rejects the run's promise; a failure while the model is asked (its
 * tools, window, context providers, the call) is the run's stop when the run was aborted meanwhile.
 */
class TurnLoop implements StreamedCallTarget {
  /** When the loop last let the event loop run (see `turnSliceMs`). */
  private yieldedAt = Date.now();
  private first = true;
  /** The agent answering in this turn (read at its start: a handoff in the turn changes `run.agent`). */
  private agent: RunAgent;
  /** This turn's tools. */
  private turn: TurnToolSet | undefined;
  /** The model's answer of this turn. */
  private response: ChatResponse | undefined;
  /** The calls of this turn. */
  private calls: readonly ModelToolCall[] = noCalls;
  /** The turn's stream events, when streamed. */
  private events: ToolCallEvents | undefined;
  private resolve: (value: unknown) => void = ignore;
  private reject: (reason: unknown) => void = ignore;
  /** Whether a step waits for a promise now (its settling goes to the step after it). */
  private waiting = false;
  /** Whether this turn's model call bounds its own wait (and tells its hooks, or its stream, before it settles). */
  private modelBounded = true;
  /** What the step being waited for is (which step the awaited value goes to). */
  private phase: Phase = Phase.Yield;
  /**
   * Whether the loop may serve another run once it ends: not when it stopped while a promise it waits
   * for is still pending (an abort during a model call whose wait is the loop's), whose late settling
   * comes to its handlers. (A promise whose `then` might call back twice never reaches them: see `thenOnce`.)
   */
  private reusable = true;
  /** The value of what a step waited for, to the step after it (the loop's one handler pair: no closure per step). */
  readonly onValue = (value: unknown): void => {
    // A late settling, after the run stopped on an abort while it waited, is ignored.
    if (!this.waiting) return;
    this.waiting = false;
    switch (this.phase) {
      case Phase.Yield:
        return this.afterYield();
      case Phase.Tools:
        return this.withTools(value as TurnToolSet);
      case Phase.Window:
        return this.withWindow(value as ChatMessage[]);
      case Phase.Providers:
        return this.ask(value as ChatMessage[]);
      case Phase.Reply:
        return this.onReply(value);
      case Phase.Model:
        return this.onAnswer(value as ChatResponse);
      case Phase.Repair:
        return this.withMessage(value as AssistantMessage);
      case Phase.Input:
        return this.inputPassed(value as GuardrailTrip | undefined);
      case Phase.Started:
        return this.execute();
      case Phase.Executed:
        return this.executed(value as ReceivedToolResult[]);
      case Phase.TurnDone:
        return this.turnDone(value as Outcome | undefined);
    }
  };
  /** The failure of what a step waited for: while the model is asked, the run's stop if it was aborted; else the run's failure. */
  readonly onError = (error: unknown): void => {
    if (!this.waiting) return;
    this.waiting = false;
    if (this.phase === Phase.Reply) this.retry(error);
    else if (asksModel(this.phase)) this.callFailed(error);
    else this.fail(error);
  };

  /**
   * @param run - the run
   * @param end - makes what the loop's promise resolves with of the run's outcome (the outcome itself
   *   without it); its throw rejects the promise (it cleans up after itself: `failed` is not told)
   * @param failed - told of the loop's failure before its promise rejects (after what it returns, if anything)
   */
  constructor(
    private run: Run,
    private end: ((run: Run, outcome: Outcome) => unknown) | undefined,
    private failed: ((run: Run, error: unknown) => Promise<void> | undefined) | undefined,
  ) {
    this.agent = run.agent;
  }

  /** Makes an idle loop ready for another run: every field as a new loop's (see the constructor). */
  reset(
    run: Run,
    end: ((run: Run, outcome: Outcome) => unknown) | undefined,
    failed: ((run: Run, error: unknown) => Promise<void> | undefined) | undefined,
  ): void {
    this.run = run;
    this.end = end;
    this.failed = failed;
    this.agent = run.agent;
    this.yieldedAt = Date.now();
    this.first = true;
    this.phase = Phase.Yield;
  }

  /**
   * The loop ended and its promise is settled: unless a promise it waited for may still settle into
   * it, it lets go of its run and joins the idle loops.
   */
  private release(): void {
    if (!this.reusable || idleLoops.length >= idleLoopLimit) return;
    // Nothing of the ended run is kept alive by an idle loop.
    this.run = this.agent = undefined as never;
    this.end = this.failed = undefined;
    this.turn = this.response = this.events = undefined;
    this.calls = noCalls;
    this.resolve = this.reject = ignore;
    this.waiting = false;
    this.modelBounded = true;
    idleLoops.push(this);
  }

  /** Runs the turns. @returns why the run stopped */
  start(): Promise<unknown> {
    const promise = new Promise<unknown>(capture);
    this.resolve = captured.resolve!;
    this.reject = captured.reject!;
    captured.resolve = captured.reject = undefined;
    // The loop bounds the wait of a model call that leaves it to the loop: it stops as soon as the run aborts (see `onWatchedAbort`).
    this.run.deadline.watchers().add(this);
    this.next();
    return promise;
  }

  /**
   * The run aborted (the caller, its time limit, a stream's reader leaving): while a model call whose
   * wait is the loop's is pending (a call with nothing to tell, stream or wrap: see `callerBounded`),
   * the run stops now and its late answer is ignored. Every other wait (a call with hooks, scopes or a
   * stream, the tools, window and context providers, tool calls, guardrails) is bounded where it is
   * made: the loop waits for it to settle, so its hooks and events come before the run's end.
   * @internal
   */
  onWatchedAbort(): void {
    if (!this.waiting || !callsModel(this.phase) || this.modelBounded) return;
    this.waiting = false;
    // The model's answer may still come to this loop's handlers: it serves no other run.
    this.reusable = false;
    this.finish({ stopReason: this.run.deadline.stopReason });
  }

  /** The run stops with its outcome. */
  private finish(outcome: Outcome): void {
    // Ended once: nothing after the end reaches the loop (it may serve another run by then).
    if (this.phase === Phase.Done) return;
    this.phase = Phase.Done;
    const { run, end } = this;
    run.deadline.watchers().delete(this);
    if (end === undefined) this.resolve(outcome);
    else {
      let value: unknown;
      try {
        value = end(run, outcome);
      } catch (error) {
        this.reject(error);
        return this.release();
      }
      this.resolve(value);
    }
    this.release();
  }

  /** The run fails (once what `failed` waits for is done). */
  private fail(error: unknown): void {
    if (this.phase === Phase.Done) return;
    this.phase = Phase.Done;
    this.run.deadline.watchers().delete(this);
    const waiting = this.failed?.(this.run, error);
    if (waiting === undefined) {
      this.reject(error);
      this.release();
    } else
      void waiting.then(() => {
        this.reject(error);
        this.release();
      });
  }

  /** Waits for a step's promise; its value goes to the step after `phase`. */
  private wait(phase: Phase, promise: Promise<unknown>): void {
    if (callsModel(phase) && !this.modelBounded && this.run.deadline.aborted) {
      // Aborted while the call was made: nothing waits for a call whose wait is the loop's.
      promise.then(undefined, ignore);
      return this.finish({ stopReason: this.run.deadline.stopReason });
    }
    this.phase = phase;
    this.waiting = true;
    // A promise whose `then` is not the native one (it might call back twice, or at once) is adopted first.
    thenOnce(promise, this.onValue, this.onError);
  }

  /** The next turn: after a turn of the event loop when the run has kept it for a slice. */
  private next(): void {
    // A model and tools that settle in microtasks would otherwise starve timers and the caller's abort.
    if (!this.first && Date.now() - this.yieldedAt >= turnSliceMs) {
      this.wait(Phase.Yield, nextTurn());
      return;
    }
    this.first = false;
    this.beginTurn();
  }

  private afterYield(): void {
    this.yieldedAt = Date.now();
    this.beginTurn();
  }

  /** A turn's start: the limits, the updates to deliver, then the turn's tools. */
  private beginTurn(): void {
    const { run } = this;
    const { record, deadline } = run;
    try {
      if (deadline.expireIfDue()) return this.finish({ stopReason: deadline.stopReason });
      if (record.pending.length > 0) deliverUpdates(record, run.transcript);
      if (record.iterations >= run.limits.maxIterations) return this.finish({ stopReason: 'max_iterations' });
      const agent = (this.agent = run.agent);
      const next = run.toolsOf(agent).next();
      if (next instanceof Promise) this.wait(Phase.Tools, next);
      else this.withTools(next);
    } catch (error) {
      this.fail(error);
    }
  }

  /** The turn's tools are known: the window of messages the model is sent. */
  private withTools(turn: TurnToolSet): void {
    try {
      const { run, agent } = this;
      this.turn = turn;
      const window = agent.settings.extras.window(run, messagesFor(run, agent), run.deadline);
      if (window instanceof Promise) this.wait(Phase.Window, window);
      else this.withWindow(window);
    } catch (error) {
      this.callFailed(error);
    }
  }

  /** The window is known: the context providers' messages added, if the agent has providers. */
  private withWindow(windowed: ChatMessage[]): void {
    try {
      const { run } = this;
      const providers = this.agent.settings.contextProviders;
      if (providers === undefined) this.ask(windowed);
      else
        this.wait(Phase.Providers, applyContextProviders(providers, windowed, run.context, run.deadline.signal, run.deadline.remainingMs));
    } catch (error) {
      this.callFailed(error);
    }
  }

  /** The model asked with the turn's messages and tools. */
  private ask(messages: ChatMessage[]): void {
    try {
      const { run, agent } = this;
      const { record } = run;
      // The request's signal is the run's, made only when the model (or a hook) reads it.
      const request = withLazySignal(
        { messages, tools: this.turn!.definitions as ToolDefinition[], [lazySignalSource]: run.deadline } as ChatRequest,
        run.deadline,
      );
      const { toolChoice } = record;
      if (toolChoice !== undefined) request.toolChoice = toolChoice;
      const modelCall = run.modelCallOf(agent);
      if (modelCall.modelSettings !== undefined) request.settings = modelCall.modelSettings;
      if (modelCall.providerOptions !== undefined) request.providerOptions = modelCall.providerOptions;
      // The run's structured output (its own agent's, whoever answers after a handoff).
      const output = run.root.settings.output;
      if (output !== undefined) request.responseFormat = output.format;
      // A call with nothing to tell, stream or wrap leaves its wait to the loop (see `onWatchedAbort`):
      // the loop waits for the model's reply itself and reads it (no promise of the call's own).
      if (callerBounded(modelCall)) {
        this.modelBounded = false;
        this.wait(Phase.Reply, callerBoundedCalls(modelCall).attempt(request));
      } else if (streamsTold(modelCall)) {
        // A streamed call that is only told gives its reply to the loop's handlers itself (no promise):
        // it bounds its own wait (its reading stops when the run aborts) and tells its message first.
        this.modelBounded = true;
        this.phase = Phase.Model;
        this.waiting = true;
        streamingModel(modelCall).call(request, modelCall.retry, modelCall.time, this);
      } else {
        this.modelBounded = true;
        this.wait(Phase.Model, callModel(modelCall, request, record.iterations));
      }
    } catch (error) {
      this.callFailed(error);
    }
  }

  /** The model's reply to a caller-bounded call came: read, it is the turn's answer. */
  private onReply(reply: unknown): void {
    let response: ChatResponse;
    try {
      response = callerBoundedCalls(this.run.modelCallOf(this.agent)).answer(reply);
    } catch (error) {
      return this.callFailed(error);
    }
    this.onAnswer(response);
  }

  /** A caller-bounded call's first attempt failed: its retries (which bound their own waits), read, are the answer. */
  private retry(error: unknown): void {
    try {
      this.wait(Phase.Model, callerBoundedCalls(this.run.modelCallOf(this.agent)).retried(error));
    } catch (failure) {
      this.callFailed(failure);
    }
  }

  /** Asking the model failed: the run's stop when it was aborted meanwhile, else the run's failure. */
  private callFailed(error: unknown): void {
    const { deadline } = this.run;
    if (deadline.aborted) this.finish({ stopReason: deadline.stopReason });
    // A context provider stopped at the run's time limit, a moment before the run's own timer.
    else if (RunTimeLimitReachedError.isInstance(error)) this.finish({ stopReason: 'max_duration' });
    else this.fail(error);
  }

  /** The model answered: its calls given run-unique ids and repaired, if they need it. */
  private onAnswer(response: ChatResponse): void {
    try {
      const { run } = this;
      run.record.iterations++;
      this.response = response;
      const unique = withRunUniqueIds(run, response.message);
      const repaired = repairToolCalls(run, this.turn!, unique);
      if (repaired instanceof Promise) this.wait(Phase.Repair, repaired);
      else this.withMessage(repaired);
    } catch (error) {
      this.fail(error);
    }
  }

  /** The model's message goes in the transcript: the run ends on an answer, else its calls run. */
  private withMessage(message: AssistantMessage): void {
    try {
      const { run } = this;
      const { usage, finishReason } = this.response!;
      this.response = undefined;
      run.transcript.addAssistant(message, usage, finishReason);
      const calls = message.toolCalls;
      if (calls === undefined || calls.length === 0) {
        const output = run.root.settings.output;
        if (output === undefined) return this.finish(answered);
        const ended = finalOutput(run, output, message);
        if (ended !== undefined) return this.finish(ended);
        return this.next(); // the answer did not fit: the model was told why, and answers again
      }
      this.calls = calls;
      // No tool runs before the input guardrails checked alongside the first model call have passed.
      if (run.inputCheck !== undefined) this.wait(Phase.Input, inputChecked(run));
      else this.runCalls();
    } catch (error) {
      this.fail(error);
    }
  }

  /** The input guardrails answered: the run stops on a trip, else the turn's calls run. */
  private inputPassed(trip: GuardrailTrip | undefined): void {
    if (trip === undefined) return this.runCalls();
    this.run.guardrail = trip;
    this.finish({ stopReason: 'guardrail' });
  }

  /** The turn's calls, within the run's limit: answered directly, or through the run's batch. */
  private runCalls(): void {
    try {
      const { run, calls } = this;
      const { record, limits } = run;
      if (record.toolCallCount + calls.length > limits.maxToolCalls) {
        run.transcript.addNotExecuted(calls, `the run reached its limit of ${limits.maxToolCalls} tool calls.`);
        return this.finish({ stopReason: 'max_tool_calls' });
      }
      record.toolCallCount += calls.length;
      const turn = this.turn!;
      if (!answersDirectly(run, turn)) {
        this.wait(Phase.TurnDone, batchTurn(run, turn, calls));
        return;
      }
      const events = (this.events = toolCallEvents(run));
      if (events === undefined) this.wait(Phase.Executed, executeDirectly(run, turn, calls, undefined));
      // The calls run once their start is told and handed to a reader that keeps up: it sees it first (and may stop the run).
      else this.wait(Phase.Started, events.started(calls));
    } catch (error) {
      this.fail(error);
    }
  }

  /** A streamed turn's calls, once their start is told. */
  private execute(): void {
    try {
      this.wait(Phase.Executed, executeDirectly(this.run, this.turn!, this.calls, this.events));
    } catch (error) {
      this.fail(error);
    }
  }

  /** The calls answered directly: their results in the transcript (or the turn becomes the run's batch, should one have paused). */
  private executed(results: ReceivedToolResult[]): void {
    try {
      const { run, events } = this;
      this.events = undefined;
      if (!answerDirectly(run, this.turn!, this.calls, results, events)) return this.finish(stoppedInBatch(run));
      const after = afterTurn(run);
      if (after instanceof Promise) this.wait(Phase.TurnDone, after);
      else this.turnDone(after);
    } catch (error) {
      this.fail(error);
    }
  }

  /** A turn's calls are answered: the run stops with the outcome, if any, else the next turn. */
  private turnDone(outcome: Outcome | undefined): void {
    try {
      if (outcome !== undefined) return this.finish(outcome);
      const { record } = this.run;
      this.calls = noCalls;
      // A forced choice ('required' or one tool) would loop forever; after one turn of calls the model may answer.
      const choice = record.toolChoice;
      if (this.agent.settings.resetToolChoice && (choice === 'required' || typeof choice === 'object')) record.toolChoice = 'auto';
      this.next();
    } catch (error) {
      this.fail(error);
    }
  }
}

/** What a {@link TurnLoop} waits for; the phases up to `Model` are the asking of the model. */
const enum Phase {
  Yield,
  Tools,
  Window,
  Providers,
  /** A caller-bounded call's first attempt: the model's reply, unread. */
  Reply,
  /** The model's answer, read. */
  Model,
  Repair,
  Input,
  Started,
  Executed,
  TurnDone,
  /** The loop stopped. */
  Done,
}

/** Whether a phase is the wait for the model's answer (a first attempt's reply, or the answer read). */
function callsModel(phase: Phase): boolean {
  return phase === Phase.Reply || phase === Phase.Model;
}

/** Whether a phase is the asking of the model (its tools, window, context providers, the call). */
function asksModel(phase: Phase): boolean {
  return phase >= Phase.Tools && phase <= Phase.Model;
}

/** A turn answered through the run's batch (a call may wait for the host, or the run is checkpointed). */
async function batchTurn(run: Run, turn: TurnToolSet, calls: readonly ModelToolCall[]): Promise<Outcome | undefined> {
  run.record.batch = await openBatch(run, turn, calls);
  return answerBatch(run, turn);
}

/** No calls (a turn's before the model answers). */
const noCalls: readonly ModelToolCall[] = Object.freeze([]);

function ignore(): void {}

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
