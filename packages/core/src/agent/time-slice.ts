import { turnSliceMs } from './next-turn.js';

/**
 * The time slice of a reading whose steps may never wait for I/O (a model's stream, a scripted one):
 * it counts the steps and reads the clock every `stepsPerClockRead` of them (a reading costs about
 * what a step does); once the slice has lasted {@link turnSliceMs}, the reader yields a turn of the event
 * loop (`nextTurn`), so timers and an abort get in, and a new slice begins. For toolcraft's own
 * packages (`@toolcraft/core/internal`: `ScriptedStream` uses it), not for applications.
 */
export class TimeSlice {
  private untilClock: number;
  /** When the slice began; 0 when it begins at the next reading of the clock. */
  private startedAt = 0;

  /** @param stepsPerClockRead - the clock is read at every this many steps */
  constructor(private readonly stepsPerClockRead: number) {
    this.untilClock = stepsPerClockRead;
  }

  /** Begins a slice now. */
  start(): void {
    this.startedAt = Date.now();
    this.untilClock = this.stepsPerClockRead;
  }

  /** Forgets the slice: one begins at the next reading of the clock. */
  reset(): void {
    this.startedAt = 0;
    this.untilClock = this.stepsPerClockRead;
  }

  /**
   * Counts a step.
   * @returns whether the slice is over: the reader yields, and a slice begins at the next reading of the clock (or `start`)
   */
  over(): boolean {
    if (--this.untilClock > 0) return false;
    this.untilClock = this.stepsPerClockRead;
    const now = Date.now();
    if (this.startedAt === 0) {
      this.startedAt = now;
      return false;
    }
    if (now - this.startedAt < turnSliceMs) return false;
    this.startedAt = 0;
    return true;
  }
}
