/**
 * One timer for the time limits of every live run: the deadlines wait in a min-heap by end time, and
 * one `setTimeout` is armed for the earliest. A run that ends takes its deadline out and leaves the
 * timer as it is (it wakes once, early, and is armed again for the next one), so runs one after
 * another with one time limit make no timer each. While no deadline waits the timer is unref'd: it
 * keeps the process alive exactly while a run's time limit does.
 */

/** What waits for its end time: a run's deadline. @internal */
export interface TimedDeadline {
  /** When it is due, in `Date.now()` time. */
  readonly endsAt: number;
  /** Its place in the heap (-1 when not in it); only the timer writes it. */
  timerSlot: number;
  /** The order it was scheduled in, which breaks ties of `endsAt` (the earlier first, as separate timers fire). */
  timerOrder: number;
  /** The queue it waits in (only the timer writes it). */
  timerQueue: unknown;
  /** Called once, when its end time has come (it has been taken out of the heap). */
  onDue(): void;
}

/** The longest delay `setTimeout` honours. */
const longestTimer = 2_147_483_647;

/**
 * The deadlines scheduled while one `setTimeout` was current, with one timer armed with it: fake timers
 * installed (or removed) later have their own queue, so a run made under real timers keeps a real timer
 * and one made under fake timers is driven by them, whatever is installed meanwhile.
 */
class DeadlineQueue {
  readonly heap: TimedDeadline[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** The end time the timer was armed for: when it fires, every deadline due by then is. */
  private armedFor = Number.POSITIVE_INFINITY;
  /** Whether the timer keeps the process alive (while some deadline waits). */
  private referenced = false;
  private readonly fire = (): void => this.fired();

  /**
   * @param clock - the `setTimeout` of the queue
   * @param disarm - the `clearTimeout` that goes with it
   */
  constructor(
    readonly clock: typeof setTimeout,
    private readonly disarm: typeof clearTimeout,
  ) {}

  add(deadline: TimedDeadline): void {
    const { heap } = this;
    deadline.timerSlot = heap.length;
    heap.push(deadline);
    siftUp(heap, heap.length - 1);
    if (this.timer === undefined || deadline.endsAt < this.armedFor) this.armFor(Date.now());
    else if (!this.referenced) this.setReferenced(true);
  }

  /** @returns whether the queue is empty now */
  remove(deadline: TimedDeadline): boolean {
    const { heap } = this;
    const slot = deadline.timerSlot;
    if (slot < 0 || heap[slot] !== deadline) return heap.length === 0;
    deadline.timerSlot = -1;
    const last = heap.pop()!;
    if (last !== deadline) {
      place(heap, last, slot);
      siftDown(heap, slot);
      siftUp(heap, last.timerSlot);
    }
    if (heap.length > 0) return false;
    if (this.referenced) this.setReferenced(false);
    return true;
  }

  /** Stops its timer (the queue is dropped). */
  close(): void {
    if (this.timer !== undefined) this.disarm(this.timer);
    this.timer = undefined;
  }

  /** Arms the timer for the earliest deadline (the one armed before is cleared). */
  private armFor(now: number): void {
    if (this.timer !== undefined) this.disarm(this.timer);
    const first = this.heap[0]!;
    this.armedFor = first.endsAt;
    this.timer = this.clock(this.fire, Math.min(longestTimer, Math.max(0, first.endsAt - now)));
    this.referenced = true;
  }

  /** The timer fired: every deadline due is told, in order; the timer is armed again for the next one. */
  private fired(): void {
    const { heap } = this;
    this.timer = undefined;
    this.referenced = false;
    // The timer fired for `armedFor`: a clock behind it (a fake timer that does not move `Date.now`) still ends what it was armed for.
    const now = Math.max(Date.now(), this.armedFor);
    this.armedFor = Number.POSITIVE_INFINITY;
    try {
      while (heap.length > 0 && heap[0]!.endsAt <= now) {
        const due = heap[0]!;
        unscheduleDeadline(due);
        due.onDue();
      }
    } finally {
      // A deadline scheduled by one told above may have armed it already.
      if (heap.length > 0 && this.timer === undefined) this.armFor(now);
    }
  }

  /** Refs or unrefs the timer (a timer without `ref`, outside Node, is left as it is). */
  private setReferenced(keepAlive: boolean): void {
    this.referenced = keepAlive;
    const handle = this.timer as { ref?: () => unknown; unref?: () => unknown } | undefined;
    if (keepAlive) handle?.ref?.();
    else handle?.unref?.();
  }
}

/** The queue of each `setTimeout` that has deadlines waiting (the current one's kept while empty). */
const queues = new Map<typeof setTimeout, DeadlineQueue>();
/** The `setTimeout` of the last deadline scheduled. */
let currentClock: typeof setTimeout | undefined;
let scheduled = 0;

/**
 * Puts a deadline in the queue of the `setTimeout` of now; it is told once its end time has come,
 * unless it is taken out before.
 * @param deadline - the deadline (not in a queue)
 * @internal
 */
export function scheduleDeadline(deadline: TimedDeadline): void {
  const clock = globalThis.setTimeout;
  if (clock !== currentClock) {
    // Fake timers installed or removed: the empty queues of other clocks go (their clocks with them).
    currentClock = clock;
    for (const [other, queue] of queues)
      if (other !== clock && queue.heap.length === 0) {
        queue.close();
        queues.delete(other);
      }
  }
  let queue = queues.get(clock);
  if (queue === undefined) queues.set(clock, (queue = new DeadlineQueue(clock, globalThis.clearTimeout)));
  deadline.timerOrder = scheduled++;
  deadline.timerQueue = queue;
  queue.add(deadline);
}

/**
 * Takes a deadline out of its queue (its run ended); nothing happens when it is not there. The timer
 * is not armed again: it fires at the time it was armed for, finds nothing due, and is armed for the
 * next. The queue of a `setTimeout` no longer current is dropped once empty.
 * @param deadline - the deadline
 * @internal
 */
export function unscheduleDeadline(deadline: TimedDeadline): void {
  const queue = deadline.timerQueue as DeadlineQueue | undefined;
  if (queue === undefined || !queue.remove(deadline)) return;
  deadline.timerQueue = undefined;
  if (queue.clock === globalThis.setTimeout) return;
  queue.close();
  queues.delete(queue.clock);
}

function before(a: TimedDeadline, b: TimedDeadline): boolean {
  return a.endsAt < b.endsAt || (a.endsAt === b.endsAt && a.timerOrder < b.timerOrder);
}

function place(heap: TimedDeadline[], deadline: TimedDeadline, slot: number): void {
  heap[slot] = deadline;
  deadline.timerSlot = slot;
}

function siftUp(heap: TimedDeadline[], start: number): void {
  let slot = start;
  const moving = heap[slot]!;
  while (slot > 0) {
    const parent = (slot - 1) >> 1;
    const above = heap[parent]!;
    if (!before(moving, above)) break;
    place(heap, above, slot);
    slot = parent;
  }
  place(heap, moving, slot);
}

function siftDown(heap: TimedDeadline[], start: number): void {
  let slot = start;
  const moving = heap[slot]!;
  const { length } = heap;
  for (;;) {
    const left = 2 * slot + 1;
    if (left >= length) break;
    const right = left + 1;
    const child = right < length && before(heap[right]!, heap[left]!) ? right : left;
    if (!before(heap[child]!, moving)) break;
    place(heap, heap[child]!, slot);
    slot = child;
  }
  place(heap, moving, slot);
}

/**
 * @returns how many queues the timer keeps (one per `setTimeout` with deadlines waiting, and the current one's)
 * @internal
 */
export function deadlineQueueCount(): number {
  return queues.size;
}
