import { PerformanceObserver, performance } from 'node:perf_hooks';

/** One case of a timed comparison. */
export interface BenchCase {
  /** Short key, e.g. `b`. */
  key: string;
  /** What it runs. */
  label: string;
  /** Runs one invocation (one call, or one batch of `callsPerRun` calls). */
  run: () => Promise<unknown>;
  /** How many tool calls one invocation makes; times are reported per call. */
  callsPerRun: number;
}

/** The timing of one case: ns per call over the rounds. */
export interface Timing {
  /** Median wall-clock time per call, the figure the table reports. */
  medianNs: number;
  /** Median process CPU time per call (all threads): less hurt by other processes on a busy machine. */
  cpuMedianNs: number;
  minNs: number;
  p25Ns: number;
  p75Ns: number;
  iterationsPerRound: number;
  rounds: number;
  /** Process CPU time per call of each round, in round order (for ratios paired round by round). */
  cpuByRound: readonly number[];
}

/** Options of {@link timeInterleaved}. */
export interface TimingOptions {
  /** Rounds; every round runs every case once, in a shuffled order. */
  rounds: number;
  /** The wall time one batch should take, in ms; sets each case's iteration count. */
  batchMs: number;
  /** Warm-up per case before the rounds, in ms (at least; see `warmupCalls`). */
  warmupMs: number;
  /** Warm-up calls per case before the rounds (at least), so every tier of the JIT has run. */
  warmupCalls: number;
  /** The fewest invocations one batch may have. */
  minIterations: number;
}

type Loop = (run: () => Promise<unknown>, iterations: number) => Promise<number>;

const sink: { value: unknown } = { value: undefined };

/**
 * Compiles a fresh timing loop. Each case gets its own copy (its own code and feedback), so the
 * `await run()` call site stays monomorphic and no case's type feedback slows another's loop.
 */
function compileLoop(): Loop {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const factory = new Function(
    'now',
    'sink',
    `return async function loop(run, iterations) {
       let last;
       const start = now();
       for (let i = 0; i < iterations; i++) last = await run();
       const elapsed = now() - start;
       sink.value = last;
       return Number(elapsed);
     };`,
  ) as (now: () => bigint, target: typeof sink) => Loop;
  return factory(() => process.hrtime.bigint(), sink);
}

/** Forces a full collection; the benchmark runs with `--expose-gc`. */
export function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error('run node with --expose-gc (npm run bench does)');
  gc();
  gc();
}

/**
 * Times cases side by side: calibrates each to `batchMs` per batch, warms it up, then runs
 * `rounds` rounds, each running every case once in a fresh shuffled order, so machine noise
 * and garbage collections hit all cases alike.
 * @returns the timing of each case, by key
 */
export async function timeInterleaved(cases: readonly BenchCase[], options: TimingOptions): Promise<Map<string, Timing>> {
  const loops = new Map(cases.map((benchCase) => [benchCase.key, compileLoop()]));
  const iterations = new Map<string, number>();
  for (const benchCase of cases) iterations.set(benchCase.key, await warmUp(loops.get(benchCase.key)!, benchCase.run, options));
  const samples = new Map<string, number[]>(cases.map((benchCase) => [benchCase.key, []]));
  const cpuSamples = new Map<string, number[]>(cases.map((benchCase) => [benchCase.key, []]));
  const random = seededRandom(42);
  collectGarbage();
  for (let round = 0; round < options.rounds; round++) {
    for (const benchCase of shuffle([...cases], random)) {
      const count = iterations.get(benchCase.key)!;
      const cpuBefore = process.cpuUsage();
      const elapsedNs = await loops.get(benchCase.key)!(benchCase.run, count);
      const cpu = process.cpuUsage(cpuBefore);
      samples.get(benchCase.key)!.push(elapsedNs / (count * benchCase.callsPerRun));
      cpuSamples.get(benchCase.key)!.push(((cpu.user + cpu.system) * 1000) / (count * benchCase.callsPerRun));
    }
  }
  const timings = new Map<string, Timing>();
  for (const benchCase of cases) {
    const sorted = samples.get(benchCase.key)!.sort((left, right) => left - right);
    const cpuByRound = cpuSamples.get(benchCase.key)!.slice();
    const cpuSorted = cpuSamples.get(benchCase.key)!.sort((left, right) => left - right);
    timings.set(benchCase.key, {
      medianNs: quantile(sorted, 0.5),
      cpuMedianNs: quantile(cpuSorted, 0.5),
      minNs: sorted[0],
      p25Ns: quantile(sorted, 0.25),
      p75Ns: quantile(sorted, 0.75),
      iterationsPerRound: iterations.get(benchCase.key)!,
      rounds: options.rounds,
      cpuByRound,
    });
  }
  return timings;
}

/**
 * Warms a case up until the JIT has settled (enough time and calls), resizing the batch as the case
 * gets faster: the first calls of a cold path can be 10-100x slower than its steady state.
 * @returns the invocations per batch that take about `batchMs` once warm
 */
async function warmUp(loop: Loop, run: () => Promise<unknown>, options: TimingOptions): Promise<number> {
  const batchNs = options.batchMs * 1e6;
  let count = 1;
  let elapsedNs = await loop(run, count);
  let spentNs = elapsedNs;
  let calls = count;
  const perCall: number[] = [];
  while (spentNs < options.warmupMs * 1e6 || calls < options.warmupCalls || perCall.length < 5) {
    count = Math.min(count * 4, Math.max(1, Math.round((count * batchNs) / Math.max(elapsedNs, 1))));
    elapsedNs = await loop(run, count);
    spentNs += elapsedNs;
    calls += count;
    perCall.push(elapsedNs / count);
  }
  // Size the batch from the fastest of the last warm batches: the undisturbed speed. A batch sized
  // from one that happened to be preempted would be several times too long.
  const fastest = Math.min(...perCall.slice(-5));
  return Math.max(options.minIterations, Math.round(batchNs / Math.max(fastest, 1)));
}

/**
 * The CPU ratio of two cases measured in the same rounds, paired round by round: the median over the
 * rounds of (case's CPU per call / baseline's CPU per call in the same round). Both ran within moments
 * of each other in every round, so a change of the machine's load between rounds (other processes on a
 * shared machine) weighs on both alike, where a ratio of the two medians can take one case's quiet rounds
 * against the other's busy ones.
 * @param timing - the case
 * @param baseline - the baseline, timed in the same rounds
 * @returns the paired ratio
 */
export function pairedCpuRatio(timing: Timing, baseline: Timing): number {
  const count = Math.min(timing.cpuByRound.length, baseline.cpuByRound.length);
  const ratios = new Array<number>(count);
  for (let round = 0; round < count; round++) ratios[round] = timing.cpuByRound[round]! / baseline.cpuByRound[round]!;
  return quantile(
    ratios.sort((left, right) => left - right),
    0.5,
  );
}

/** Heap bytes allocated per call, and how many measurement windows could be used. */
export interface Allocation {
  bytesPerCall: number;
  windowsUsed: number;
  windowsDiscarded: number;
}

/**
 * Measures heap bytes allocated per call. Sound because no collection may run inside a window:
 * after a full GC, `heapUsed` grows by exactly what is allocated (new-space bump allocation plus
 * any old-space allocation) until the next GC. Windows are kept small (well under the young
 * generation's semi-space), and any window a GC overlapped (seen by a `gc` PerformanceObserver)
 * or whose delta is not positive is thrown away. The median over the kept windows is reported.
 * @param run - one invocation, already warmed up
 * @param callsPerRun - calls per invocation
 * @param iterations - invocations per window
 * @param windows - windows to measure
 */
export async function allocationPerCall(
  run: () => Promise<unknown>,
  callsPerRun: number,
  iterations: number,
  windows: number,
): Promise<Allocation> {
  const gcs: Array<{ start: number; end: number }> = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcs.push({ start: entry.startTime, end: entry.startTime + entry.duration });
  });
  observer.observe({ entryTypes: ['gc'] });
  const loop = compileLoop();
  await loop(run, iterations);
  const perCall: number[] = [];
  let discarded = 0;
  for (let window = 0; window < windows; window++) {
    collectGarbage();
    await settle();
    const start = performance.now();
    const before = process.memoryUsage().heapUsed;
    await loop(run, iterations);
    const after = process.memoryUsage().heapUsed;
    const end = performance.now();
    await settle();
    const overlapped = gcs.some((gc) => gc.end >= start && gc.start <= end);
    if (overlapped || after <= before) discarded++;
    else perCall.push((after - before) / (iterations * callsPerRun));
  }
  observer.disconnect();
  perCall.sort((left, right) => left - right);
  return {
    bytesPerCall: perCall.length > 0 ? quantile(perCall, 0.5) : Number.NaN,
    windowsUsed: perCall.length,
    windowsDiscarded: discarded,
  };
}

/** The heap before and after many calls, each after a full GC. */
export interface HeapGrowth {
  calls: number;
  beforeBytes: number;
  afterBytes: number;
  growthBytes: number;
  elapsedMs: number;
}

/**
 * Runs `calls` invocations of `run(index)` one after another and compares the heap after a full
 * GC before and after: what stays reachable (a leak) shows up as growth.
 */
export async function heapGrowth(run: (index: number) => Promise<unknown>, calls: number): Promise<HeapGrowth> {
  collectGarbage();
  await settle();
  collectGarbage();
  const beforeBytes = process.memoryUsage().heapUsed;
  const start = performance.now();
  for (let index = 0; index < calls; index++) await run(index);
  const elapsedMs = performance.now() - start;
  await settle();
  collectGarbage();
  await settle();
  collectGarbage();
  const afterBytes = process.memoryUsage().heapUsed;
  return { calls, beforeBytes, afterBytes, growthBytes: afterBytes - beforeBytes, elapsedMs };
}

/**
 * Times one synchronous or asynchronous step once.
 * @returns the step's value and the wall time in ms
 */
export async function timeOnce<T>(step: () => T | Promise<T>): Promise<{ value: T; ms: number }> {
  const start = process.hrtime.bigint();
  const value = await step();
  return { value, ms: Number(process.hrtime.bigint() - start) / 1e6 };
}

function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(() => setImmediate(resolve), 0));
}

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low] + (sorted[high] - sorted[low]) * (position - low);
}

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let index = items.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [items[index], items[other]] = [items[other], items[index]];
  }
  return items;
}

function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}
