import { contentText, type ChatRequest, type ChatResponse, type ChatStreamEvent } from '@toolcraft/core';
import { nextTurn, TimeSlice } from '@toolcraft/core/internal';
import { signalMadeWhenRead } from './signal-made-when-read.js';

type Step = IteratorResult<ChatStreamEvent, void>;

const finished: Step = Object.freeze({ done: true, value: undefined }) as Step;

/** The end, settled once for every stream (an ended stream's steps and `return()` give it: no promise each). */
const ended: Promise<Step> = Promise.resolve(finished);

/** What a stream asks its turn's response of (a `ScriptedModel`). */
export interface ScriptedAnswerer {
  /** The response when it is known at once (a failure thrown), else a promise of it. */
  answerForStream(request: ChatRequest): ChatResponse | Promise<ChatResponse>;
}

/** The clock is read at every this many chunks (a reading costs about what a chunk does). */
const chunksPerClockRead = 5;

/** The prototype async iterators share (`[Symbol.asyncIterator]` returning itself, and what the runtime adds to it). */
const asyncIteratorPrototype = Object.getPrototypeOf(Object.getPrototypeOf((async function* () {})())) as object;

/**
 * The stream of one scripted turn, what `ScriptedModel.stream` returns: the response's text in
 * `text_delta`s of `chunkSize` characters, each on a later tick (and on a later turn of the event loop
 * once a millisecond has passed, the clock read at every {@link chunksPerClockRead}th chunk), then the whole `response`. It behaves as the async generator it stands
 * for (nothing happens before the first `next()`; a failure ends it; `return()` and `throw()` end it;
 * calls made while a step is pending wait their turn), at the cost of one settled promise per step
 * rather than an async generator's queue and frames. It inherits from the prototype async generators
 * share, so it has what the runtime gives them (`[Symbol.asyncDispose]` where there is one): see {@link asGenerator}.
 * @internal
 */
export class ScriptedStream implements AsyncIterator<ChatStreamEvent, void, undefined> {
  private response: ChatResponse | undefined;
  private text = '';
  private offset = 0;
  /** The time slice of its chunks: a turn of the event loop once it is over. */
  private readonly slice = new TimeSlice(chunksPerClockRead);
  private started = false;
  private done = false;
  /** Whether a chunk reads the request's signal (not when it is made when read), known at the first chunk. */
  private readsSignal: boolean | undefined;
  /** A step that is not settled yet (the reply, or a wait for the event loop): later calls wait for it. */
  private pending: Promise<Step> | undefined;

  /**
   * @param model - gives the turn's response (`model.answerForStream(request)`: at once when it can), asked at the first `next()`
   * @param request - the request; a chunk is not given once its signal aborted (read when a chunk is given;
   *   a signal made when read, an agent's request whose own reading watches the run, is not read)
   * @param chunkSize - characters per `text_delta`
   */
  constructor(
    private readonly model: ScriptedAnswerer,
    private readonly request: ChatRequest,
    private readonly chunkSize: number,
  ) {}

  /** @returns the next event */
  next(): Promise<Step> {
    if (this.pending !== undefined)
      return this.pending.then(
        () => this.next(),
        () => this.next(),
      );
    if (this.done) return ended;
    if (!this.started) {
      this.started = true;
      let answer: ChatResponse | Promise<ChatResponse>;
      try {
        answer = this.model.answerForStream(this.request);
      } catch (error) {
        this.done = true;
        return Promise.reject(error as Error);
      }
      // A turn known at once is read now: no promise and handlers to wait for it.
      if (answer instanceof Promise) return this.waitFor(answer);
      this.answered(answer);
      if (this.text === '') return this.step();
      // The time slice starts now: its first chunk is given at once.
      this.slice.start();
      return this.chunk();
    }
    return this.step();
  }

  /**
   * Ends the stream.
   * @param value - the return value
   * @returns the end
   */
  return(value?: void | PromiseLike<void>): Promise<Step> {
    this.done = true;
    if (value === undefined) return ended;
    return Promise.resolve(value).then((settled) => ({ done: true, value: settled }) as Step);
  }

  /**
   * Ends the stream with an error.
   * @param error - the error
   * @returns a rejection with it
   */
  throw(error?: unknown): Promise<Step> {
    this.done = true;
    return Promise.reject(error as Error);
  }

  /** @returns itself */
  [Symbol.asyncIterator](): this {
    return this;
  }

  private step(): Promise<Step> {
    if (this.done) return ended;
    if (this.offset < this.text.length) {
      // A macrotask per chunk would cost more than the rest of a streamed turn: one per time slice, as the
      // agent loop does; the clock (which costs about what a chunk does) is read every few chunks.
      return this.slice.over() ? this.waitFor(nextTurn()) : this.chunk();
    }
    const response = this.response!;
    this.response = undefined;
    if (response === undefined) {
      this.done = true;
      return ended;
    }
    return Promise.resolve({ done: false, value: { type: 'response', response } });
  }

  private chunk(): Promise<Step> {
    if (this.done) return ended;
    try {
      if ((this.readsSignal ??= !signalMadeWhenRead(this.request))) this.request.signal?.throwIfAborted();
    } catch (error) {
      this.done = true;
      return Promise.reject(error as Error);
    }
    const delta = this.text.slice(this.offset, this.offset + this.chunkSize);
    this.offset += this.chunkSize;
    return Promise.resolve({ done: false, value: { type: 'text_delta', delta } });
  }

  /** Keeps the turn's response, whose text the chunks give. */
  private answered(response: ChatResponse): void {
    this.response = response;
    this.text = contentText(response.message.content);
  }

  /**
   * A step that settles later, once `source` (the reply, or the next turn of the event loop) has: later
   * calls wait for it; a failure ends the stream. One promise and its two handlers per wait.
   */
  private waitFor(source: Promise<ChatResponse | void>): Promise<Step> {
    const settled = source.then(
      (response) => {
        this.pending = undefined;
        this.slice.start();
        if (response === undefined) return this.chunk();
        this.answered(response);
        return this.step();
      },
      (error: unknown) => {
        this.pending = undefined;
        this.done = true;
        throw error;
      },
    );
    this.pending = settled;
    return settled;
  }
}

Object.setPrototypeOf(ScriptedStream.prototype, asyncIteratorPrototype);

/**
 * A scripted stream as the async generator it behaves as (its prototype chain gives it what the runtime
 * gives async generators beyond `next`, `return`, `throw` and `[Symbol.asyncIterator]`).
 * @param stream - the stream
 * @returns the same object, typed as an async generator
 * @internal
 */
export function asGenerator(stream: ScriptedStream): AsyncGenerator<ChatStreamEvent, void, undefined> {
  return stream as unknown as AsyncGenerator<ChatStreamEvent, void, undefined>;
}
