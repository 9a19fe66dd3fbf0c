import type { AgentEvent } from '@toolcraft/core';

/**
 * Turns a run's events into a protocol's chunks, one event at a time: what to send first, for each
 * event, at the end, and when the run throws. Each method returns the chunks to send, in order. @internal
 */
export interface EventTranslator<TChunk> {
  /** The chunks sent before the first event. */
  start(): TChunk[];
  /** The chunks for one event. */
  next(event: AgentEvent): TChunk[];
  /** The chunks sent when the events ended. */
  end(): TChunk[];
  /** The chunks sent when reading the events threw (the run rejected). */
  fail(error: unknown): TChunk[];
}
