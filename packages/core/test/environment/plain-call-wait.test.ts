import 'reflect-metadata';
import { AgentEnvironment, ToolRegistry, type ReceivedToolResult } from '../../src/index.js';
import { RunDeadline } from '../../src/agent/run-deadline.js';
import { withLazySignal } from '../../src/environment/abort-watchers.js';
import { AddTool } from '../support/calculator.js';

const call = (id = 'call_1') => ({ id, name: 'calculator', arguments: '{"digit1":3,"digit2":4}' });

/** A tool whose calls wait until the test settles them. */
function controlledTool(timeoutMs?: number) {
  const pending: { resolve: (value: number) => void; reject: (error: unknown) => void }[] = [];
  const tool = new AddTool(
    'calculator',
    () =>
      new Promise<number>((resolve, reject) => {
        pending.push({ resolve, reject });
      }),
    timeoutMs,
  );
  return { tool, pending };
}

/** A run's options: a lazy signal whose source is a run's deadline (as the agent loop passes them). */
function runOptions(caller: AbortController, maxDurationMs = Number.POSITIVE_INFINITY) {
  const deadline = new RunDeadline(maxDurationMs, caller.signal);
  return { deadline, options: withLazySignal({}, deadline) };
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("a plain tool's call bounded by the run (PlainCallWait)", () => {
  it('answers a call cancelled mid-call at once, ignores the late answer, and answers the next calls with their own results', async () => {
    const { tool, pending } = controlledTool();
    const env = new AgentEnvironment({ registry: ToolRegistry.of(tool) });
    const caller = new AbortController();
    const { deadline, options } = runOptions(caller);
    const first = env.executeTools([call('a')], undefined, options);
    await flush();
    expect(pending).toHaveLength(1);
    caller.abort(new Error('user left'));
    const [cancelled] = await first;
    expect(cancelled).toMatchObject({ id: 'a', isError: true, error: { name: 'ToolCancelledError' } });
    pending[0]!.resolve(7); // the late answer
    await flush();
    deadline.dispose();

    // The waits of other runs (reused or not) answer their own calls.
    const other = runOptions(new AbortController());
    const next = Promise.all([
      env.executeTools([call('b'), call('c')], undefined, other.options),
      env.executeTool(call('d'), undefined, other.options),
    ]);
    await flush();
    expect(pending).toHaveLength(4);
    pending[2]!.resolve(1);
    pending[1]!.resolve(2);
    pending[3]!.reject(new RangeError('broken'));
    const [[b, c], d] = await next;
    expect([b, c, d].map((result: ReceivedToolResult) => [result.id, result.content, result.isError])).toEqual([
      ['b', '2', false],
      ['c', '1', false],
      ['d', "Error: tool 'calculator' failed: broken", true],
    ]);
    other.deadline.dispose();
  });

  it('cancels every concurrent call of a turn when the run aborts, and a late rejection is handled', async () => {
    const { tool, pending } = controlledTool();
    const env = new AgentEnvironment({ registry: ToolRegistry.of(tool) });
    const caller = new AbortController();
    const { deadline, options } = runOptions(caller);
    const batch = env.executeTools([call('a'), call('b')], undefined, options);
    await flush();
    caller.abort();
    const results = await batch;
    expect(results.map((result) => (result.error as Error | undefined)?.name)).toEqual(['ToolCancelledError', 'ToolCancelledError']);
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    pending[0]!.reject(new Error('late'));
    pending[1]!.resolve(1);
    await flush();
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
    deadline.dispose();
  });

  it("is bounded by a caller's plain signal too (its listener removed when the call ends)", async () => {
    const { tool, pending } = controlledTool();
    const env = new AgentEnvironment({ registry: ToolRegistry.of(tool) });
    const done = new AbortController();
    const removed = jest.spyOn(done.signal, 'removeEventListener');
    const answered = env.executeTool(call(), undefined, { signal: done.signal });
    await flush();
    pending[0]!.resolve(5);
    await expect(answered).resolves.toMatchObject({ content: '5', isError: false });
    expect(removed).toHaveBeenCalledTimes(1);

    const aborted = new AbortController();
    const cancelled = env.executeTool(call(), undefined, { signal: aborted.signal });
    await flush();
    aborted.abort(new Error('stop'));
    await expect(cancelled).resolves.toMatchObject({ isError: true, error: { name: 'ToolCancelledError' } });
  });

  it('adopts a thenable a tool returns, and a thenable that rejects, within a run', async () => {
    const caller = new AbortController();
    const { deadline, options } = runOptions(caller);
    const thenable = { then: (resolve: (value: number) => void) => setImmediate(() => resolve(9)) } as unknown as Promise<number>;
    const failing = { then: (_: unknown, reject: (error: Error) => void) => reject(new Error('no')) } as unknown as Promise<number>;
    const answer = (body: () => Promise<number>) =>
      new AgentEnvironment({ registry: ToolRegistry.of(new AddTool('calculator', body)) }).executeTool(call(), undefined, options);
    await expect(answer(() => thenable)).resolves.toMatchObject({ content: '9', isError: false, value: 9 });
    await expect(answer(() => failing)).resolves.toMatchObject({ content: "Error: tool 'calculator' failed: no", isError: true });
    deadline.dispose();
  });

  it('does not run a call whose run has already aborted', async () => {
    const { tool, pending } = controlledTool();
    const caller = new AbortController();
    caller.abort(new Error('gone'));
    const { deadline, options } = runOptions(caller);
    const result = await new AgentEnvironment({ registry: ToolRegistry.of(tool) }).executeTool(call(), undefined, options);
    expect(result.error).toMatchObject({ name: 'ToolCancelledError' });
    expect(pending).toHaveLength(0);
    deadline.dispose();
  });

  it('answers a batch of one call as a list of its one result, on every path', async () => {
    const bodies: ConstructorParameters<typeof AddTool>[1][] = [
      (args) => args.digit1 + args.digit2,
      (args) => Promise.resolve(args.digit1 * args.digit2),
      () => {
        throw new RangeError('sync failure');
      },
      () => Promise.reject(new RangeError('async failure')),
    ];
    const { deadline, options } = runOptions(new AbortController());
    const answers = await Promise.all(
      bodies.flatMap((body) => {
        const env = new AgentEnvironment({ registry: ToolRegistry.of(new AddTool('calculator', body)) });
        return [env.executeTools([call()]), env.executeTools([call()], undefined, options)];
      }),
    );
    const env = new AgentEnvironment({ registry: ToolRegistry.of(new AddTool()) });
    answers.push(
      await env.executeTools([{ id: 'x', name: 'missing', arguments: '{}' }], undefined, options),
      await env.executeTools([{ id: 'y', name: 'calculator', arguments: '{"digit1":30}' }], undefined, options),
    );
    expect(answers.map((list) => list.map((result) => [result.content, result.isError]))).toEqual([
      [['7', false]],
      [['7', false]],
      [['12', false]],
      [['12', false]],
      [["Error: tool 'calculator' failed: sync failure", true]],
      [["Error: tool 'calculator' failed: sync failure", true]],
      [["Error: tool 'calculator' failed: async failure", true]],
      [["Error: tool 'calculator' failed: async failure", true]],
      [[expect.stringContaining("'missing'"), true]],
      [[expect.stringContaining('digit'), true]],
    ]);
    deadline.dispose();
  });

  describe('with fake timers', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it("ends a call at the run's maxDurationMs", async () => {
      const { tool } = controlledTool();
      const { deadline, options } = runOptions(new AbortController(), 1_000);
      const answered = new AgentEnvironment({ registry: ToolRegistry.of(tool) }).executeTool(call(), undefined, options);
      await jest.advanceTimersByTimeAsync(999);
      let settled = false;
      void answered.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      await expect(answered).resolves.toMatchObject({ isError: true, error: { name: 'ToolCancelledError' } });
      expect(deadline.stopReason).toBe('max_duration');
      deadline.dispose();
    });

    it("ends a call at its tool's timeout, within a run", async () => {
      const { tool, pending } = controlledTool(500);
      const { deadline, options } = runOptions(new AbortController(), 10_000);
      const answered = new AgentEnvironment({ registry: ToolRegistry.of(tool) }).executeTool(call(), undefined, options);
      await jest.advanceTimersByTimeAsync(500);
      await expect(answered).resolves.toMatchObject({ isError: true, error: { name: 'ToolTimeoutError' } });
      pending[0]!.resolve(7);
      await jest.advanceTimersByTimeAsync(0);
      expect(deadline.aborted).toBe(false);
      deadline.dispose();
    });
  });

  it("never gives one call's answer to another call when a tool's promise calls its handlers twice (its wait is not reused)", async () => {
    let callBackAgain: (() => void) | undefined;
    const twice = new AddTool('twice', () => {
      const promise = Promise.resolve(1);
      // A `then` patched on the promise that calls back once now, and once more when the test says.
      promise.then = ((onValue: (value: number) => unknown) => {
        queueMicrotask(() => onValue(1));
        callBackAgain = () => onValue(99);
        return Promise.resolve();
      }) as typeof promise.then;
      return promise;
    });
    const { tool: slow, pending } = controlledTool();
    const env = new AgentEnvironment({ registry: ToolRegistry.of(twice, slow) });
    const caller = new AbortController();
    const { deadline, options } = runOptions(caller);
    const [first] = await env.executeTools([{ ...call('a'), name: 'twice' }], undefined, options);
    expect(first!.content).toBe('1');
    const second = env.executeTools([call('b')], undefined, options);
    await flush();
    callBackAgain!(); // the first call's promise calls back again while the second call waits
    pending[0]!.resolve(7);
    const [result] = await second;
    expect(result!.content).toBe('7');
    deadline.dispose();
  });

  it("never gives one call's answer to another call when a tool's promise calls its handlers at once, during then, and again later", async () => {
    let callBackAgain: (() => void) | undefined;
    const atOnce = new AddTool('at_once', () => {
      const promise = Promise.resolve(1);
      // The patched `then` is the point of the test; defining it returns the promise itself.
      void Object.defineProperty(promise, 'then', {
        value: (onValue: (value: number) => unknown) => {
          onValue(1);
          callBackAgain = () => onValue(99);
          return Promise.resolve();
        },
      });
      return promise;
    });
    const { tool: slow, pending } = controlledTool();
    const env = new AgentEnvironment({ registry: ToolRegistry.of(atOnce, slow) });
    const { deadline, options } = runOptions(new AbortController());
    const [first] = await env.executeTools([{ ...call('a'), name: 'at_once' }], undefined, options);
    expect(first!.content).toBe('1');
    const second = env.executeTools([call('b')], undefined, options);
    await flush();
    callBackAgain!();
    pending[0]!.resolve(7);
    expect((await second)[0]!.content).toBe('7');
    deadline.dispose();
  });

  it("reads a tool promise's then once: a getter answering the native then to a check and another to the call cannot make a wait answer twice", async () => {
    let reads = 0;
    let callBackAgain: (() => void) | undefined;
    const sly = new AddTool('sly', () => {
      const promise = Promise.resolve(1);
      const native = promise.then.bind(promise);
      // The patched `then` is the point of the test; defining it returns the promise itself.
      void Object.defineProperty(promise, 'then', {
        get: () =>
          ++reads === 1
            ? Promise.prototype.then
            : (onValue: (value: number) => unknown) => {
                callBackAgain = () => onValue(99);
                return native(onValue as (value: number) => number);
              },
      });
      return promise;
    });
    const { tool: slow, pending } = controlledTool();
    const env = new AgentEnvironment({ registry: ToolRegistry.of(sly, slow) });
    const { deadline, options } = runOptions(new AbortController());
    const [first] = await env.executeTools([{ ...call('a'), name: 'sly' }], undefined, options);
    expect(first!.content).toBe('1');
    const second = env.executeTools([call('b')], undefined, options);
    await flush();
    callBackAgain?.();
    pending[0]!.resolve(7);
    expect((await second)[0]!.content).toBe('7');
    deadline.dispose();
  });
});
