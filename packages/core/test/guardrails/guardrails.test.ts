import 'reflect-metadata';
import { ScriptedModel } from '@toolcraft/testing';
import { Agent, GuardrailFailedError, InMemorySessionStore, InvalidAgentOptionsError, type Guardrail } from '../../src/index.js';
import { deferred } from '../support/deferred.js';
import { PathTool } from '../pausing/support.js';

const noSSN: Guardrail = {
  name: 'no_ssn',
  check: (text) => ({ tripwire: /\d{3}-\d{2}-\d{4}/.test(text), reason: 'SSN', info: { found: true } }),
};

describe('input guardrails', () => {
  it('stop the run before any model call when they trip', async () => {
    const model = new ScriptedModel([{ text: 'never' }]);
    const run = await new Agent({ model, inputGuardrails: [noSSN] }).run('My SSN is 123-45-6789');
    expect(run.stopReason).toBe('guardrail');
    expect(run.guardrail).toEqual({ name: 'no_ssn', kind: 'input', reason: 'SSN', info: { found: true } });
    expect(run.text).toBe('');
    expect(model.requests).toHaveLength(0);
  });

  it('let a clean input through, and see the run id, agent and state', async () => {
    const seen: unknown[] = [];
    const spy: Guardrail = {
      name: 'spy',
      check: (text, context) => {
        seen.push([text, context.agentName, context.state.get('tier')]);
        return { tripwire: false };
      },
    };
    const run = await new Agent({ name: 'helper', model: new ScriptedModel([{ text: 'hi' }]), inputGuardrails: [noSSN, spy] }).run(
      'Hello',
      {
        state: { tier: 'gold' },
      },
    );
    expect(run.stopReason).toBe('completed');
    expect(run.guardrail).toBeUndefined();
    expect(seen).toEqual([['Hello', 'helper', 'gold']]);
  });

  it('fail closed: one that throws trips with a GuardrailFailedError naming it', async () => {
    const broken: Guardrail = {
      name: 'broken',
      check: () => {
        throw new Error('classifier offline');
      },
    };
    const run = await new Agent({ model: new ScriptedModel([{ text: 'never' }]), inputGuardrails: [broken] }).run('Hi');
    expect(run.stopReason).toBe('guardrail');
    expect(run.guardrail?.name).toBe('broken');
    expect(GuardrailFailedError.isInstance(run.guardrail?.error)).toBe(true);
    expect(run.guardrail?.reason).toBe("Guardrail 'broken' failed, so it tripped (guardrails fail closed): it threw: classifier offline.");
  });

  it('fail closed on an answer that is not a result, naming what came back', async () => {
    const odd = { name: 'odd', check: () => 'yes' } as unknown as Guardrail;
    const run = await new Agent({ model: new ScriptedModel([{ text: 'never' }]), inputGuardrails: [odd] }).run('Hi');
    expect(run.guardrail?.reason).toContain("it answered 'yes', not { tripwire: boolean, reason?, info? }");
  });

  it('fail closed when one hangs past its time limit, and the run does not hang', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    try {
      const hanging: Guardrail = { name: 'slow', timeoutMs: 500, check: () => new Promise(() => undefined) };
      const pending = new Agent({ model: new ScriptedModel([{ text: 'never' }]), inputGuardrails: [hanging] }).run('Hi');
      await jest.advanceTimersByTimeAsync(500);
      const run = await pending;
      expect(run.stopReason).toBe('guardrail');
      expect(run.guardrail?.reason).toContain('it did not answer within 500 ms');
    } finally {
      jest.useRealTimers();
    }
  });

  it('with runInParallel: the model is called alongside, no tool runs before the check passes, and its answer is discarded on a trip', async () => {
    const verdict = deferred<{ tripwire: boolean; reason?: string }>();
    const slow: Guardrail = { name: 'slow', runInParallel: true, check: () => verdict.promise };
    const remove = new PathTool('delete_file', 'destructive');
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'delete_file', arguments: { path: '/a' } }] }, { text: 'deleted' }]);
    const pending = new Agent({ model, tools: [remove], inputGuardrails: [slow] }).run('Delete /a');
    while (model.requests.length === 0) await new Promise((resolve) => setImmediate(resolve));
    expect(remove.ran).toEqual([]);
    verdict.resolve({ tripwire: true, reason: 'not allowed' });
    const run = await pending;
    expect(run.stopReason).toBe('guardrail');
    expect(remove.ran).toEqual([]);
    expect(run.messages.map((message) => message.role)).toEqual(['user']);
    expect(run.toolCalls).toEqual([]);
  });

  it('with runInParallel: a passing check lets the run go on as usual', async () => {
    const fine: Guardrail = { name: 'fine', runInParallel: true, check: () => Promise.resolve({ tripwire: false }) };
    const remove = new PathTool('delete_file', 'destructive');
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'delete_file', arguments: { path: '/a' } }] }, { text: 'deleted' }]);
    const run = await new Agent({ model, tools: [remove], inputGuardrails: [fine] }).run('Delete /a');
    expect(run.stopReason).toBe('completed');
    expect(remove.ran).toEqual(['/a']);
  });

  it("with runInParallel: a run stopped while the check has not answered stops as it was stopped ('aborted', 'max_duration'), withholding the model's answer", async () => {
    for (const stop of ['aborted', 'max_duration'] as const) {
      const never: Guardrail = { name: 'never', runInParallel: true, check: () => new Promise(() => undefined) };
      const remove = new PathTool('delete_file', 'destructive');
      const model = new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'delete_file', arguments: { path: '/a' } }] }, { text: 'deleted' }]);
      const controller = new AbortController();
      const agent = new Agent({
        model,
        tools: [remove],
        inputGuardrails: [never],
        ...(stop === 'max_duration' ? { maxDurationMs: 20 } : {}),
      });
      const pending = agent.run('Delete /a', { signal: controller.signal });
      while (model.requests.length === 0) await new Promise((resolve) => setImmediate(resolve));
      if (stop === 'aborted') controller.abort();
      const run = await pending;
      expect(run.stopReason).toBe(stop);
      expect(run.guardrail).toBeUndefined();
      expect(remove.ran).toEqual([]);
      expect(run.messages.map((message) => message.role)).toEqual(['user']);
    }
  });

  it('with runInParallel: a verdict or a failure that came before the run stopped still stops it as a guardrail trip, whatever the order of the guardrails', async () => {
    const blind: Guardrail = { name: 'blind', runInParallel: true, check: () => new Promise(() => undefined) };
    const verdict = deferred<{ tripwire: boolean; reason?: string }>();
    const trips: Guardrail = { name: 'trips', runInParallel: true, check: () => verdict.promise };
    const failure = deferred<{ tripwire: boolean }>();
    const fails: Guardrail = { name: 'fails', runInParallel: true, check: () => failure.promise };
    for (const [guardrails, settle, name] of [
      [[blind, trips], () => verdict.resolve({ tripwire: true, reason: 'bad input' }), 'trips'],
      [[trips, blind], () => verdict.resolve({ tripwire: true, reason: 'bad input' }), 'trips'],
      [[blind, fails], () => failure.reject(new Error('the check broke')), 'fails'],
    ] as const) {
      const model = new ScriptedModel([{ text: 'answer' }]);
      const controller = new AbortController();
      const pending = new Agent({ model, inputGuardrails: [...guardrails] }).run('x', { signal: controller.signal });
      while (model.requests.length === 0) await new Promise((resolve) => setImmediate(resolve));
      settle();
      await new Promise((resolve) => setImmediate(resolve));
      controller.abort();
      const run = await pending;
      expect(run.stopReason).toBe('guardrail');
      expect(run.guardrail?.name).toBe(name);
      expect(run.messages.map((message) => message.role)).toEqual(['user']);
    }
  });

  it("stops a run as 'max_duration' when a guardrail that never answers reaches the run's time limit (before it, in parallel, on the answer)", async () => {
    const blind = (runInParallel: boolean): Guardrail => ({ name: 'blind', runInParallel, check: () => new Promise(() => undefined) });
    for (const options of [{ inputGuardrails: [blind(false)] }, { inputGuardrails: [blind(true)] }, { outputGuardrails: [blind(false)] }])
      for (let attempt = 0; attempt < 3; attempt++) {
        const model = new ScriptedModel([{ text: 'answer' }]);
        const run = await new Agent({ model, maxDurationMs: 10, ...options }).run('x');
        expect(run.stopReason).toBe('max_duration');
        expect(run.guardrail).toBeUndefined();
        expect(run.text).toBe('');
      }
  });

  it('are not checked again when a paused run resumes', async () => {
    let checks = 0;
    const counting: Guardrail = { name: 'counting', check: () => (checks++, { tripwire: false }) };
    const agent = new Agent({
      model: new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'delete_file', arguments: { path: '/a' } }] }, { text: 'ok' }]),
      tools: [new PathTool('delete_file', 'destructive', { needsApproval: true })],
      inputGuardrails: [counting],
    });
    const paused = await agent.run('Delete /a');
    paused.state.approve('c1');
    const resumed = await agent.resume(paused.state);
    expect(resumed.stopReason).toBe('completed');
    expect(checks).toBe(1);
  });
});

describe('output guardrails', () => {
  it('withhold a final answer that trips: out of run.text, the transcript and the session', async () => {
    const store = new InMemorySessionStore();
    const session = store.open({ appName: 'a', userId: 'u', sessionId: 's' });
    const run = await new Agent({ model: new ScriptedModel([{ text: 'Sure: 123-45-6789' }]), outputGuardrails: [noSSN] }).run(
      'What is it?',
      {
        session,
      },
    );
    expect(run.stopReason).toBe('guardrail');
    expect(run.guardrail).toMatchObject({ name: 'no_ssn', kind: 'output', reason: 'SSN' });
    expect(run.text).toBe('');
    expect(JSON.stringify(run.messages)).not.toContain('123-45-6789');
    expect(JSON.stringify(await session.load())).not.toContain('123-45-6789');
  });

  describe('withhold an answer no guardrail has passed when the run stops while they check', () => {
    const pending = (started: () => void): Guardrail => ({
      name: 'slow',
      check: () => {
        started();
        return new Promise(() => undefined);
      },
    });
    const secret = 'Sure: 123-45-6789';

    async function expectWithheld(
      run: { text: string; messages: readonly unknown[]; output?: unknown },
      session?: { load(): Promise<unknown> },
    ) {
      expect(run.text).toBe('');
      expect(run.output).toBeUndefined();
      expect(JSON.stringify(run.messages)).not.toContain('123-45-6789');
      if (session !== undefined) expect(JSON.stringify(await session.load())).not.toContain('123-45-6789');
    }

    it('on abort', async () => {
      const store = new InMemorySessionStore();
      const session = store.open({ appName: 'a', userId: 'u', sessionId: 's' });
      const controller = new AbortController();
      const started = deferred();
      const agent = new Agent({ model: new ScriptedModel([{ text: secret }]), outputGuardrails: [pending(() => started.resolve())] });
      const running = agent.run('What is it?', { session, signal: controller.signal });
      await started.promise;
      controller.abort();
      const run = await running;
      expect(run.stopReason).toBe('aborted');
      await expectWithheld(run, session);
      expect(JSON.stringify(run.state)).not.toContain('123-45-6789');
    });

    it('at maxDurationMs', async () => {
      jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
      try {
        const agent = new Agent({
          model: new ScriptedModel([{ text: secret }]),
          outputGuardrails: [pending(() => undefined)],
          maxDurationMs: 1000,
        });
        const running = agent.run('What is it?');
        await jest.advanceTimersByTimeAsync(1000);
        const run = await running;
        expect(run.stopReason).toBe('max_duration');
        await expectWithheld(run);
      } finally {
        jest.useRealTimers();
      }
    });

    it("when the stream's reader leaves", async () => {
      const started = deferred();
      const agent = new Agent({ model: new ScriptedModel([{ text: secret }]), outputGuardrails: [pending(() => started.resolve())] });
      const stream = agent.stream('What is it?');
      for await (const event of stream) {
        if (event.type !== 'message') continue;
        await started.promise;
        break;
      }
      const run = await stream.result;
      await expectWithheld(run);
    });
  });

  it("check a typed run's answer that did not fit its outputType: withheld on a trip", async () => {
    const store = new InMemorySessionStore();
    const session = store.open({ appName: 'a', userId: 'u', sessionId: 's' });
    const agent = new Agent({
      model: new ScriptedModel([{ text: 'Sure: 123-45-6789' }]),
      outputType: { jsonSchema: { type: 'object', properties: { total: { type: 'number' } }, required: ['total'] }, name: 'Invoice' },
      outputRetries: 0,
      outputGuardrails: [noSSN],
    });
    const run = await agent.run('What is it?', { session });
    expect(run.stopReason).toBe('guardrail');
    expect(run.guardrail).toMatchObject({ name: 'no_ssn', kind: 'output', reason: 'SSN' });
    expect(run.text).toBe('');
    expect(JSON.stringify(run.messages)).not.toContain('123-45-6789');
    expect(JSON.stringify(await session.load())).not.toContain('123-45-6789');
  });

  it("let a typed run's clean answer that did not fit through as invalid_output", async () => {
    const agent = new Agent({
      model: new ScriptedModel([{ text: 'no idea' }]),
      outputType: { jsonSchema: { type: 'object', properties: { total: { type: 'number' } }, required: ['total'] }, name: 'Invoice' },
      outputRetries: 0,
      outputGuardrails: [noSSN],
    });
    const run = await agent.run('What is it?');
    expect(run.stopReason).toBe('invalid_output');
    expect(run.text).toBe('no idea');
  });

  it.each([
    ['maxIterations', { maxIterations: 1 }],
    ['maxToolCalls', { maxToolCalls: 0 }],
  ])('check the text of the last turn of a run stopped by %s: withheld on a trip, its calls kept', async (_limit, limits) => {
    const lookup = new PathTool('lookup', 'read');
    const model = new ScriptedModel([
      { text: 'Your SSN is 123-45-6789; checking more.', toolCalls: [{ id: 'c1', name: 'lookup', arguments: { path: '/x' } }] },
      { text: 'done' },
    ]);
    const run = await new Agent({ model, tools: [lookup], outputGuardrails: [noSSN], ...limits }).run('what is my ssn?');
    expect(run.stopReason).toBe('guardrail');
    expect(run.text).toBe('');
    expect(JSON.stringify(run.messages)).not.toContain('123-45-6789');
    expect(run.messages.some((message) => message.role === 'assistant' && message.toolCalls?.[0]?.id === 'c1')).toBe(true);
  });

  it('let the clean text of a run stopped by a limit through, with its stop reason', async () => {
    const lookup = new PathTool('lookup', 'read');
    const model = new ScriptedModel([{ text: 'Checking.', toolCalls: [{ id: 'c1', name: 'lookup', arguments: { path: '/x' } }] }]);
    const run = await new Agent({ model, tools: [lookup], outputGuardrails: [noSSN], maxIterations: 1 }).run('look');
    expect(run.stopReason).toBe('max_iterations');
    expect(run.text).toBe('Checking.');
  });

  it('let a clean answer through', async () => {
    const run = await new Agent({ model: new ScriptedModel([{ text: 'All good.' }]), outputGuardrails: [noSSN] }).run('Hi');
    expect(run.stopReason).toBe('completed');
    expect(run.text).toBe('All good.');
  });

  it('are refused when not a list of named checks', () => {
    expect(() => new Agent({ model: new ScriptedModel([]), outputGuardrails: [{ name: '', check: () => ({ tripwire: false }) }] })).toThrow(
      InvalidAgentOptionsError,
    );
    expect(() => new Agent({ model: new ScriptedModel([]), inputGuardrails: [noSSN, noSSN] })).toThrow(
      /no other guardrail of inputGuardrails has/,
    );
    expect(() => new Agent({ model: new ScriptedModel([]), inputGuardrails: [{ name: 'x' } as never] })).toThrow(
      /inputGuardrails\[0\]\.check/,
    );
  });
});
