import {
  type AssistantMessage,
  type ChatModel,
  type ChatRequest,
  type ChatResponse,
  type ChatMessage,
  type ChatStreamEvent,
  type ModelToolCall,
} from '@toolcraft/core';
import { untilAborted } from '@toolcraft/core/internal';
import { asGenerator, ScriptedStream } from './scripted-stream.js';
import { checkOutcome, checkScript } from './check-scripted-turn.js';
import { InvalidScriptedTurnError } from './errors/invalid-scripted-turn-error.js';
import { ScriptExhaustedError } from './errors/script-exhausted-error.js';
import type { RecordedRequest, ScriptedToolCall, ScriptedTurn } from './scripted-turn.js';
import { signalMadeWhenRead } from './signal-made-when-read.js';

/** Options of a {@link ScriptedModel}. */
export interface ScriptedModelOptions {
  /** What happens when the model is called after its last turn: throw a clear error (default) or repeat the last turn. */
  onExhausted?: 'throw' | 'repeatLast';
  /** How many characters each `text_delta` of `stream()` carries; default 4 (a positive integer). */
  chunkSize?: number;
}

/** The default {@link ScriptedModelOptions.chunkSize}. */
const defaultChunkSize = 4;

/**
 * A deterministic, offline {@link ChatModel} that replies with scripted turns in order and
 * records every request, for tests and demos (like the OpenAI Agents SDK's scripted model
 * and Koog's `agents-test`). A pending turn rejects with the signal's reason when the
 * request's signal aborts.
 * @example
 * const model = new ScriptedModel([
 *   { toolCalls: [{ name: 'calculator', arguments: { digit1: 3, digit2: 4 } }] },
 *   { text: '3 + 4 = 7.' },
 * ]);
 * const run = await new Agent({ model, registry }).run('What is 3 + 4?');
 * model.requests[1].messages.at(-1); // { role: 'tool', toolCallId: 'call_1', content: '7', ... }
 */
export class ScriptedModel implements ChatModel {
  /** The provider name traces show (`gen_ai.provider.name`). */
  readonly provider = 'toolcraft.scripted';
  /** The model name traces show (`gen_ai.request.model`). */
  readonly modelId = 'scripted';
  /**
   * Every request received, in order (copies: later changes to the transcript do not show). A message
   * sent again unchanged (the transcript of the turn before) shares its copy with the request before: read them, do not change them.
   */
  readonly requests: RecordedRequest[] = [];
  private readonly turns: readonly ScriptedTurn[];
  private readonly onExhausted: 'throw' | 'repeatLast';
  private readonly chunkSize: number;
  private generatedIds = 0;
  /** The messages of the last request and their copies (see `copyMessages`). */
  private readonly lastMessages: LastMessages = { sent: [], copies: [] };

  /**
   * @param turns - the replies, in order: `{ text }`, `{ output }`, `{ toolCalls }`, `{ error }`, or a function of the request
   * @param options - what to do when the script runs out
   * @throws InvalidScriptedTurnError when the script is not an array or a turn is not one of those, or `chunkSize` is not a positive integer
   */
  constructor(turns: readonly ScriptedTurn[], options: ScriptedModelOptions = {}) {
    this.turns = checkScript(turns);
    this.onExhausted = options.onExhausted ?? 'throw';
    const chunkSize = options.chunkSize ?? defaultChunkSize;
    if (!Number.isSafeInteger(chunkSize) || chunkSize < 1)
      throw new InvalidScriptedTurnError(0, `chunkSize must be a positive integer, but was ${String(chunkSize)}.`);
    this.chunkSize = chunkSize;
  }

  /** How many scripted turns have not been used yet. */
  get remaining(): number {
    return Math.max(0, this.turns.length - this.requests.length);
  }

  /**
   * Replies with the next scripted turn.
   * @param request - the request; it is recorded
   * @returns the turn's assistant message and usage
   * @throws the turn's `error`, for an error turn
   * @throws ScriptExhaustedError when no turn is left (unless `onExhausted: 'repeatLast'`)
   * @throws InvalidScriptedTurnError when a function turn returns something that is not a turn
   * @throws the signal's reason when the request's signal aborts first
   */
  complete(request: ChatRequest): Promise<ChatResponse> {
    // No async frame: a turn known at once is answered with a settled promise (as an async function would).
    try {
      const answer = this.answer(request);
      return answer instanceof Promise ? answer : Promise.resolve(answer);
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  /**
   * What a {@link ScriptedStream} is answered with: the turn's response itself when it is known at once
   * (no promise to wait for), else what `complete` gives (always, when a subclass overrides `complete`).
   * @param request - the request; it is recorded
   * @returns the response, or a promise of it
   * @throws what `complete` rejects with, for a turn known at once
   * @internal
   */
  answerForStream(request: ChatRequest): ChatResponse | Promise<ChatResponse> {
    return this.complete === ScriptedModel.prototype.complete ? this.answer(request) : this.complete(request);
  }

  /** `complete`'s work: the response when the turn is known at once (its failure thrown), else a promise of it. */
  private answer(request: ChatRequest): ChatResponse | Promise<ChatResponse> {
    const recorded = record(request, this.lastMessages);
    const index = this.requests.push(recorded) - 1;
    const turn = this.turnAt(index, recorded);
    // A signal made when it is read (an agent's request, whose own wait watches the run) is read only when a turn waits.
    const made = signalMadeWhenRead(request);
    const signal = made ? undefined : request.signal;
    signal?.throwIfAborted();
    const pending = typeof turn === 'function' ? turn(functionRequest(recorded, signal, made ? request : undefined)) : turn;
    if (!isPromiseLike(pending)) return this.reply(pending, index);
    const bound = made ? request.signal : signal;
    const waited = bound === undefined ? Promise.resolve(pending) : untilAborted(pending, bound);
    return waited.then((outcome) => this.reply(outcome, index));
  }

  /**
   * Replies with the next scripted turn as a stream: its text in `text_delta`s of `chunkSize`
   * characters (each on a later tick, and on a later turn of the event loop once a millisecond has
   * passed, the clock read at every fifth chunk, so timers, I/O and an abort get their turn as with a real stream), then the whole
   * `response`, as `complete` gives it. Stopping the iteration or aborting the request's signal stops it.
   * @param request - the request; it is recorded
   * @returns the text's pieces, then the response, as an async generator
   * @throws what `complete` throws, when the stream is read
   */
  stream(request: ChatRequest): AsyncGenerator<ChatStreamEvent, void, undefined> {
    return asGenerator(new ScriptedStream(this, request, this.chunkSize));
  }

  /** The response of the turn of the request at `index`, checked; an error turn throws its error. */
  private reply(outcome: unknown, index: number): ChatResponse {
    const checked = checkOutcome(outcome, Math.min(index, this.turns.length - 1) + 1);
    if ('error' in checked) throw checked.error;
    const text = checked.output === undefined ? checked.text : JSON.stringify(checked.output);
    const message = this.message(text, checked.toolCalls);
    const { usage, finishReason } = checked;
    // Built whole (not a field added to a smaller object, which would allocate a second store for it).
    if (!usage) return finishReason ? { message, finishReason } : { message };
    return finishReason ? { message, usage: { ...usage }, finishReason } : { message, usage: { ...usage } };
  }

  private turnAt(index: number, request: RecordedRequest): ScriptedTurn {
    if (index < this.turns.length) return this.turns[index]!;
    if (this.onExhausted === 'repeatLast' && this.turns.length > 0) return this.turns[this.turns.length - 1]!;
    throw new ScriptExhaustedError(this.turns.length, request);
  }

  private message(text: string | undefined, calls: readonly ScriptedToolCall[] | undefined): AssistantMessage {
    const content = text ?? null;
    if (calls === undefined || calls.length === 0) return { role: 'assistant', content };
    // Sized at once (an empty array grown by push would reserve 17 slots).
    const toolCalls = new Array<ModelToolCall>(calls.length);
    for (let index = 0; index < calls.length; index++) toolCalls[index] = this.toolCall(calls[index]!);
    return { role: 'assistant', content, toolCalls };
  }

  private toolCall(call: ScriptedToolCall): ModelToolCall {
    const id = call.id ?? `call_${++this.generatedIds}`;
    const args = call.arguments === undefined ? '{}' : typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);
    return { id, name: call.name, arguments: args };
  }
}

/** Copies of the tool lists seen, by list: an agent sends the same (frozen) list every turn, so it is cloned once. */
const clonedTools = new WeakMap<object, ChatRequest['tools']>();

function record(request: ChatRequest, last: LastMessages): RecordedRequest {
  const { tools } = request;
  let toolsCopy = Array.isArray(tools) && Object.isFrozen(tools) ? clonedTools.get(tools) : undefined;
  if (toolsCopy === undefined) {
    toolsCopy = structuredClone(tools);
    if (Array.isArray(tools) && Object.isFrozen(tools)) clonedTools.set(tools, toolsCopy);
  }
  const recorded: RecordedRequest = {
    messages: copyMessages(request.messages, last),
    // Each record gets its own array; the definitions themselves are shared copies of a frozen list.
    tools: Array.isArray(toolsCopy) ? toolsCopy.slice() : toolsCopy,
  };
  if (request.toolChoice !== undefined) recorded.toolChoice = structuredClone(request.toolChoice);
  if (request.responseFormat !== undefined) recorded.responseFormat = structuredClone(request.responseFormat);
  if (request.settings !== undefined) recorded.settings = structuredClone(request.settings);
  if (request.providerOptions !== undefined) recorded.providerOptions = structuredClone(request.providerOptions);
  return recorded;
}

/**
 * What a function turn is given: the recorded request with its own arrays (it may reorder or extend
 * them), its messages the record's copies (read them, do not change them), and the signal (one made when
 * read stays so: the request's is read when the turn reads it).
 */
function functionRequest(
  recorded: RecordedRequest,
  signal: AbortSignal | undefined,
  madeWhenRead: ChatRequest | undefined,
): RecordedRequest & { signal?: AbortSignal } {
  const { messages, tools, toolChoice, responseFormat, settings, providerOptions } = recorded;
  const ownMessages = Array.isArray(messages) ? messages.slice() : messages;
  const ownTools = tools.slice();
  let copy: RecordedRequest & { signal?: AbortSignal };
  if (toolChoice === undefined && responseFormat === undefined && settings === undefined && providerOptions === undefined) {
    // An agent's request (messages, tools and a signal) built whole: adding a field to a smaller object would allocate a second store.
    if (madeWhenRead === undefined)
      return signal === undefined ? { messages: ownMessages, tools: ownTools } : { messages: ownMessages, tools: ownTools, signal };
    copy = { messages: ownMessages, tools: ownTools };
  } else {
    copy = { messages: ownMessages, tools: ownTools };
    // Field by field (only those the record has), in the record's order: no spread of the record.
    if (toolChoice !== undefined) copy.toolChoice = toolChoice;
    if (responseFormat !== undefined) copy.responseFormat = responseFormat;
    if (settings !== undefined) copy.settings = settings;
    if (providerOptions !== undefined) copy.providerOptions = providerOptions;
    if (signal !== undefined) copy.signal = signal;
  }
  if (madeWhenRead !== undefined) {
    requestProperty.value = madeWhenRead;
    Object.defineProperty(copy, requestKey, requestProperty);
    requestProperty.value = undefined;
    Object.defineProperty(copy, 'signal', forwardedSignal);
  }
  return copy;
}

/** Where a function turn's request keeps the request whose signal is made when read (not enumerable: a copy does not carry it). */
const requestKey = Symbol('toolcraft.scripted.request');

type Forwarding = { [requestKey]?: ChatRequest; signal?: AbortSignal };

/** The descriptor of that property (its `value` set just for the one `defineProperty`: no object per call). */
const requestProperty: PropertyDescriptor = { value: undefined, writable: true, enumerable: false, configurable: true };

/** A function turn's `signal` when the request's is made when read: the request's, read when this is read; a write replaces it. */
const forwardedSignal: PropertyDescriptor = {
  enumerable: true,
  configurable: true,
  get(this: Forwarding): AbortSignal | undefined {
    return this[requestKey]?.signal;
  },
  set(this: Forwarding, value: AbortSignal | undefined) {
    Object.defineProperty(this, 'signal', { value, writable: true, enumerable: true, configurable: true });
  },
};

/**
 * The messages of the request before, and their copies: a transcript sends the messages of the turn
 * before again, so a message that is the same object, unchanged, reuses its copy.
 */
interface LastMessages {
  sent: unknown[];
  copies: unknown[];
}

/**
 * Copies messages, each copy shared with the request before while its message is the same object and
 * unchanged (plain JSON-like data copied field by field; anything else cloned).
 */
function copyMessages(messages: ChatRequest['messages'], last: LastMessages): ChatRequest['messages'] {
  if (!Array.isArray(messages)) return structuredClone(messages);
  const { sent, copies: before } = last;
  const copies = new Array<ChatMessage>(messages.length);
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index];
    const copy = index < sent.length && sent[index] === message ? before[index] : undefined;
    copies[index] = copy !== undefined && sameData(message, copy, 0) ? (copy as ChatMessage) : copyMessage(message);
    sent[index] = message;
  }
  sent.length = messages.length;
  last.copies = copies;
  return copies;
}

/** Whether two values hold the same data (plain objects and arrays compared a few levels deep; anything else only by identity). */
function sameData(left: unknown, right: unknown, depth: number): boolean {
  if (left === right) return true;
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null || depth > 4) return false;
  if (Array.isArray(left)) {
    if (!Array.isArray(right) || left.length !== right.length) return false;
    for (let index = 0; index < left.length; index++) if (!sameData(left[index], right[index], depth + 1)) return false;
    return true;
  }
  if (Object.getPrototypeOf(left) !== Object.prototype || Object.getPrototypeOf(right) !== Object.prototype) return false;
  let keys = 0;
  for (const key in left) {
    if (!Object.hasOwn(left, key)) continue;
    keys++;
    if (!Object.hasOwn(right, key) || !sameData((left as Record<string, unknown>)[key], (right as Record<string, unknown>)[key], depth + 1))
      return false;
  }
  for (const key in right) if (Object.hasOwn(right, key)) keys--;
  return keys === 0;
}

function copyMessage<T>(message: T): T {
  if (typeof message !== 'object' || message === null) return message;
  const copy = { ...message } as Record<string, unknown>;
  // Messages are flat but for their tool calls (and, rarely, structured content): only those are copied deeper.
  for (const key in copy) {
    const value = copy[key];
    if (value === null || typeof value !== 'object') continue;
    copy[key] = key === 'toolCalls' && Array.isArray(value) ? value.map(copyMessage) : structuredClone(value);
  }
  return copy as T;
}

function isPromiseLike<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}
