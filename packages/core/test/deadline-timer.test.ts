import 'reflect-metadata';
import { Agent, ToolRegistry, type ChatModel, type ChatResponse, type RunResult } from '../src/index.js';
import { deadlineQueueCount } from '../src/agent/deadline-timer.js';
import { RunDeadline } from '../src/agent/run-deadline.js';
import { AddTool } from './support/calculator.js';

/** A model that never answers and never looks at its signal. */
const hanging: ChatModel = { complete: () => new Promise<ChatResponse>(() => undefined) };

/** Records when (in fake time) each settled promise settled. */
function settledAt<T>(promise: Promise<T>, start: number): { at?: number; value?: T } {
  const record: { at?: number; value?: T } = {};
  void promise.then((value) => {
    record.at = Date.now() - start;
    record.value = value;
  });
  return record;
}

describe("one shared timer for every run's maxDurationMs", () => {
  let onTeardown: (() => void) | undefined;
  afterEach(() => {
    jest.useRealTimers();
    onTeardown?.();
    onTeardown = undefined;
  });

  it('stops two runs with different limits each at its own time', async () => {
    jest.useFakeTimers();
    const start = Date.now();
    const agent = (maxDurationMs: number) => new Agent({ model: hanging, registry: ToolRegistry.of(new AddTool()), maxDurationMs });
    const long = settledAt(agent(1_000).run('Hi'), start);
    const short = settledAt(agent(300).run('Hi'), start);
    await jest.advanceTimersByTimeAsync(299);
    expect([short.at, long.at]).toEqual([undefined, undefined]);
    await jest.advanceTimersByTimeAsync(1);
    expect(short.at).toBe(300);
    expect(short.value?.stopReason).toBe('max_duration');
    expect(long.at).toBeUndefined();
    await jest.advanceTimersByTimeAsync(699);
    expect(long.at).toBeUndefined();
    await jest.advanceTimersByTimeAsync(1);
    expect(long.at).toBe(1_000);
    expect((long.value as RunResult).stopReason).toBe('max_duration');
  });

  it('fires many deadlines, scheduled and disposed in any order, each at its end time and never a disposed one', async () => {
    jest.useFakeTimers();
    const limits = Array.from({ length: 60 }, (_, index) => (index * 37) % 101);
    const deadlines = limits.map((limit) => new RunDeadline(limit));
    const disposed = new Set([3, 8, 9, 20, 21, 22, 40, 59, 0]);
    for (const index of disposed) deadlines[index]!.dispose();
    for (let elapsed = 0; elapsed <= 101; elapsed++) {
      deadlines.forEach((deadline, index) => {
        expect([index, deadline.aborted]).toEqual([index, !disposed.has(index) && limits[index]! <= elapsed]);
      });
      await jest.advanceTimersByTimeAsync(1);
    }
    for (const deadline of deadlines) deadline.dispose();
  });

  it('ends deadlines with one end time in the order they were made', async () => {
    jest.useFakeTimers();
    const order: number[] = [];
    const deadlines = [0, 1, 2, 3, 4].map((index) => {
      const deadline = new RunDeadline(50);
      deadline.watchers().add(() => order.push(index));
      return deadline;
    });
    await jest.advanceTimersByTimeAsync(50);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(deadlines.every((deadline) => deadline.stopReason === 'max_duration')).toBe(true);
  });

  it('never fires for a disposed deadline, and lets the process exit once no run is live', async () => {
    const timers: NodeJS.Timeout[] = [];
    const real = globalThis.setTimeout;
    const spy = jest.spyOn(globalThis, 'setTimeout').mockImplementation(((handler: () => void, ms?: number) => {
      const timer = real(handler, ms);
      timers.push(timer);
      return timer;
    }) as typeof setTimeout);
    try {
      const disposed = new RunDeadline(5);
      const live = new RunDeadline(60_000);
      expect(timers).toHaveLength(1); // the spy replaced setTimeout: one timer, armed with it, for both
      expect(timers[0]!.hasRef()).toBe(true);
      disposed.dispose();
      await new Promise((resolve) => real(resolve, 20));
      expect(disposed.aborted).toBe(false);
      expect(timers.at(-1)!.hasRef()).toBe(true); // a run is still live
      live.dispose();
      expect(timers.at(-1)!.hasRef()).toBe(false);
      expect(live.aborted).toBe(false);
    } finally {
      spy.mockRestore();
    }
  });

  it('drives deadlines with fake timers installed after the shared timer was armed with real ones, and leaves the real ones real', async () => {
    const before = new RunDeadline(60_000); // arms the shared timer with the real setTimeout
    jest.useFakeTimers();
    const after = new RunDeadline(100);
    await jest.advanceTimersByTimeAsync(100);
    expect(after.stopReason).toBe('max_duration');
    expect(after.aborted).toBe(true);
    expect(before.aborted).toBe(false);
    // A deadline made under real timers keeps its real timer: the fake clock does not end it.
    await jest.advanceTimersByTimeAsync(60_000);
    expect(before.aborted).toBe(false);
    jest.useRealTimers();
    // And real timers again after the fake ones are gone.
    const real = new RunDeadline(5);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(real.stopReason).toBe('max_duration');
    for (const deadline of [before, after, real]) deadline.dispose();
  });

  it('ends a deadline made under real timers on time though fake timers were installed and removed meanwhile, never advanced', async () => {
    const real = new RunDeadline(20);
    jest.useFakeTimers();
    const fake = new RunDeadline(10);
    jest.useRealTimers();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(real.stopReason).toBe('max_duration');
    expect(real.aborted).toBe(true);
    // The fake clock was never advanced: its deadline has not come.
    expect(fake.aborted).toBe(false);
    for (const deadline of [real, fake]) deadline.dispose();
  });

  it("ends a deadline with legacy fake timers (their clock does not move Date.now) at its timer's time", () => {
    jest.useFakeTimers({ legacyFakeTimers: true });
    const now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now);
    onTeardown = () => clock.mockRestore();
    const first = new RunDeadline(1_000);
    const second = new RunDeadline(2_000);
    jest.advanceTimersByTime(1_000);
    expect([first.aborted, second.aborted]).toEqual([true, false]);
    jest.advanceTimersByTime(999);
    expect(second.aborted).toBe(false);
    jest.advanceTimersByTime(1);
    expect(second.stopReason).toBe('max_duration');
  });

  it("keeps a nested run's limit within its parent's, both stopping at the parent's limit", async () => {
    jest.useFakeTimers();
    const start = Date.now();
    let inner: Promise<RunResult> | undefined;
    const child = new Agent({ model: hanging, registry: ToolRegistry.of(new AddTool()), maxDurationMs: 10_000 });
    const calls = new AddTool('spawn', () => {
      inner = child.run('Hi');
      return new Promise<number>(() => undefined);
    });
    const spawning: ChatModel = {
      complete: () =>
        Promise.resolve({
          message: { role: 'assistant', content: '', toolCalls: [{ id: 'c', name: 'spawn', arguments: '{"digit1":1,"digit2":2}' }] },
        }),
    };
    const outer = settledAt(new Agent({ model: spawning, registry: ToolRegistry.of(calls), maxDurationMs: 500 }).run('Go'), start);
    await jest.advanceTimersByTimeAsync(500);
    expect(outer.at).toBe(500);
    expect(outer.value?.stopReason).toBe('max_duration');
    expect(inner).toBeDefined();
  });

  it('keeps no queue of fake timers once they are gone and their deadlines ended (their clocks are not kept alive)', () => {
    new RunDeadline(1_000).dispose();
    const before = deadlineQueueCount();
    for (let cycle = 0; cycle < 20; cycle++) {
      jest.useFakeTimers();
      new RunDeadline(1_000).dispose();
      jest.useRealTimers();
    }
    new RunDeadline(1_000).dispose();
    expect(deadlineQueueCount()).toBe(before);
  });
});
