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
  /** Called once, when its end time has come (it has been taken out of the heap). */
  onDue(): void;
}

/** The longest delay `setTimeout` honours. */
const longestTimer = 2_147_483_647;

const heap: TimedDeadline[] = [];
let scheduled = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
/** The `setTimeout` and `clearTimeout` the timer was armed with (fake timers may have replaced them since). */
let armedWith: typeof setTimeout | undefined;
let disarmWith: typeof clearTimeout | undefined;
/** The end time the timer was armed for: when it fires, every deadline due by then is. */
let armedFor = Number.POSITIVE_INFINITY;
/** Whether the timer keeps the process alive (while some deadline waits). */
let referenced = false;

/**
 * Puts a deadline in the queue; it is told once its end time has come, unless it is taken out before.
 * @param deadline - the deadline (not in the queue)
 * @internal
 */
export function scheduleDeadline(deadline: TimedDeadline): void {
  deadline.timerOrder = scheduled++;
  deadline.timerSlot = heap.length;
  heap.push(deadline);
  siftUp(heap.length - 1);
  // Fake timers installed (or removed) since the timer was armed would never drive it: arm it again with the functions of now.
  if (timer === undefined || globalThis.setTimeout !== armedWith || deadline.endsAt < armedFor) arm();
  else if (!referenced) setReferenced(true);
}

/**
 * Takes a deadline out of the queue (its run ended); nothing happens when it is not there. The timer
 * is not armed again: it fires at the time it was armed for, finds nothing due, and is armed for the next.
 * @param deadline - the deadline
 * @internal
 */
export function unscheduleDeadline(deadline: TimedDeadline): void {
  const slot = deadline.timerSlot;
  if (slot < 0 || heap[slot] !== deadline) return;
  deadline.timerSlot = -1;
  const last = heap.pop()!;
  if (last !== deadline) {
    heap[slot] = last;
    last.timerSlot = slot;
    siftDown(slot);
    siftUp(last.timerSlot);
  }
  if (heap.length === 0 && referenced) setReferenced(false);
}

/**
 * Arms the timer for the earliest deadline, with the `setTimeout` of now (the one armed before is cleared).
 * @param now - the time to count from (when the timer fired: the time it was armed for, if `Date.now()` is behind it)
 */
function arm(now = Date.now()): void {
  if (timer !== undefined) disarmWith?.(timer);
  const first = heap[0]!;
  armedWith = globalThis.setTimeout;
  disarmWith = globalThis.clearTimeout;
  armedFor = first.endsAt;
  timer = armedWith(fire, Math.min(longestTimer, Math.max(0, first.endsAt - now)));
  referenced = true;
}

/** The timer fired: every deadline due is told, in order; the timer is armed again for the next one. */
function fire(): void {
  timer = undefined;
  referenced = false;
  // The timer fired for `armedFor`: a clock behind it (a fake timer that does not move `Date.now`) still ends what it was armed for.
  const now = Math.max(Date.now(), armedFor);
  armedFor = Number.POSITIVE_INFINITY;
  try {
    while (heap.length > 0 && heap[0]!.endsAt <= now) {
      const due = heap[0]!;
      unscheduleDeadline(due);
      due.onDue();
    }
  } finally {
    // A deadline scheduled by one told above may have armed it already.
    if (heap.length > 0 && timer === undefined) arm(now);
  }
}

/** Refs or unrefs the timer (a timer without `ref`, outside Node, is left as it is). */
function setReferenced(keepAlive: boolean): void {
  referenced = keepAlive;
  const handle = timer as { ref?: () => unknown; unref?: () => unknown } | undefined;
  if (keepAlive) handle?.ref?.();
  else handle?.unref?.();
}

function before(a: TimedDeadline, b: TimedDeadline): boolean {
  return a.endsAt < b.endsAt || (a.endsAt === b.endsAt && a.timerOrder < b.timerOrder);
}

function place(deadline: TimedDeadline, slot: number): void {
  heap[slot] = deadline;
  deadline.timerSlot = slot;
}

function siftUp(start: number): void {
  let slot = start;
  const moving = heap[slot]!;
  while (slot > 0) {
    const parent = (slot - 1) >> 1;
    const above = heap[parent]!;
    if (!before(moving, above)) break;
    place(above, slot);
    slot = parent;
  }
  place(moving, slot);
}

function siftDown(start: number): void {
  let slot = start;
  const moving = heap[slot]!;
  const { length } = heap;
  for (;;) {
    const left = 2 * slot + 1;
    if (left >= length) break;
    const right = left + 1;
    const child = right < length && before(heap[right]!, heap[left]!) ? right : left;
    if (!before(heap[child]!, moving)) break;
    place(heap[child]!, slot);
    slot = child;
  }
  place(moving, slot);
}
