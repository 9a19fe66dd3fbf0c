import 'reflect-metadata';
import { ScriptedModel } from '@toolcraft/testing';
import {
  Agent,
  ContextProviderError,
  InMemorySessionStore,
  InvalidAgentOptionsError,
  type ChatMessage,
  type ContextProvider,
} from '../../src/index.js';

const workingDirectory: ContextProvider = {
  name: 'cwd',
  provide: (context) => ({ instructions: `Working directory: /srv/${String(context.state.get('project'))}` }),
};
const profile: ContextProvider = {
  name: 'profile',
  provide: () => ({ messages: [{ role: 'user', content: 'Profile: prefers metric units.' }] }),
};

describe('context providers', () => {
  it('add instructions and messages to every model call, in that call only', async () => {
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'missing' }] }, { text: 'done' }]);
    const store = new InMemorySessionStore();
    const session = store.open({ appName: 'a', userId: 'u', sessionId: 's' });
    const run = await new Agent({ model, instructions: 'Be brief.', contextProviders: [workingDirectory, profile] }).run('Hi', {
      state: { project: 'shop' },
      session,
    });
    for (const request of model.requests) {
      expect(request.messages[0]).toEqual({ role: 'system', content: 'Be brief.\n\nWorking directory: /srv/shop' });
      expect(request.messages[1]).toEqual({ role: 'user', content: 'Profile: prefers metric units.' });
      expect(request.messages[2]).toEqual({ role: 'user', content: 'Hi' });
    }
    expect(model.requests).toHaveLength(2);
    const stored = JSON.stringify([run.messages, run.state, await session.load()]);
    expect(stored).not.toContain('Working directory');
    expect(stored).not.toContain('prefers metric');
  });

  it('make a system message when the agent has no instructions, and add nothing when they return nothing', async () => {
    const model = new ScriptedModel([{ text: 'a' }, { text: 'b' }]);
    await new Agent({ model, contextProviders: [workingDirectory] }).run('Hi', { state: { project: 'x' } });
    expect(model.requests[0]!.messages).toEqual([
      { role: 'system', content: 'Working directory: /srv/x' },
      { role: 'user', content: 'Hi' },
    ]);
    await new Agent({ model, contextProviders: [{ name: 'quiet', provide: () => undefined }] }).run('Hi');
    expect(model.requests[1]!.messages).toEqual([{ role: 'user', content: 'Hi' }]);
  });

  it('fail the run with a ContextProviderError naming the provider that threw or answered garbage', async () => {
    const broken: ContextProvider = {
      name: 'broken',
      provide: () => {
        throw new Error('db down');
      },
    };
    await expect(new Agent({ model: new ScriptedModel([{ text: 'x' }]), contextProviders: [broken] }).run('Hi')).rejects.toThrow(
      "Context provider 'broken' failed before a model call: it threw: db down.",
    );
    const odd = { name: 'odd', provide: () => 42 } as unknown as ContextProvider;
    await expect(new Agent({ model: new ScriptedModel([{ text: 'x' }]), contextProviders: [odd] }).run('Hi')).rejects.toThrow(
      ContextProviderError,
    );
  });

  it('are bounded: one that hangs fails the run at its time limit', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    try {
      const hanging: ContextProvider = { name: 'hanging', timeoutMs: 200, provide: () => new Promise(() => undefined) };
      const pending = new Agent({ model: new ScriptedModel([{ text: 'x' }]), contextProviders: [hanging] }).run('Hi');
      const settled = expect(pending).rejects.toThrow(
        "Context provider 'hanging' failed before a model call: it did not answer within 200 ms.",
      );
      await jest.advanceTimersByTimeAsync(200);
      await settled;
    } finally {
      jest.useRealTimers();
    }
  });

  it('are shown copies: one that changes the messages it is shown changes neither the transcript nor the session', async () => {
    const vandal: ContextProvider = {
      name: 'vandal',
      provide: (context) => {
        const messages = context.messages as ChatMessage[];
        try {
          (messages[messages.length - 1] as { content: string }).content = 'rewritten';
        } catch {
          // a frozen view refuses
        }
        try {
          messages.push({ role: 'user', content: 'injected' });
        } catch {
          // a frozen view refuses
        }
        return undefined;
      },
    };
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'missing', arguments: { a: 1 } }] }, { text: 'done' }]);
    const store = new InMemorySessionStore();
    const session = store.open({ appName: 'a', userId: 'u', sessionId: 's' });
    const run = await new Agent({ model, contextProviders: [vandal] }).run('Hi', { session });
    expect(model.requests[0]!.messages).toEqual([{ role: 'user', content: 'Hi' }]);
    expect(run.messages[0]).toEqual({ role: 'user', content: 'Hi' });
    expect(run.text).toBe('done');
    const stored = JSON.stringify([run.messages, await session.load()]);
    expect(stored).not.toContain('rewritten');
    expect(stored).not.toContain('injected');
  });

  it('fail the run with a ContextProviderError when the messages they add are not messages', async () => {
    const bad = [
      [{ role: 'user' }],
      [{ role: 'user', content: 42 }],
      [{ role: 'wizard', content: 'x' }],
      [{ role: 'assistant', content: 'x', toolCalls: 'no' }],
      [{ role: 'tool', content: 'x' }],
      [null],
    ];
    for (const messages of bad) {
      const odd = { name: 'odd', provide: () => ({ messages }) } as unknown as ContextProvider;
      const running = new Agent({ model: new ScriptedModel([{ text: 'x' }]), contextProviders: [odd] }).run('Hi');
      await expect(running).rejects.toThrow(ContextProviderError);
      await expect(running).rejects.toThrow(/Context provider 'odd' failed before a model call: it answered messages whose messages\[0\] /);
    }
    const wizard = {
      name: 'odd',
      provide: () => ({
        messages: [
          { role: 'user', content: 'ok' },
          { role: 'wizard', content: 'x' },
        ],
      }),
    };
    await expect(
      new Agent({ model: new ScriptedModel([{ text: 'x' }]), contextProviders: [wizard as unknown as ContextProvider] }).run('Hi'),
    ).rejects.toThrow(
      "Context provider 'odd' failed before a model call: it answered messages whose messages[1] has role 'wizard', not 'system', 'user' or 'assistant'.",
    );
  });

  it('are refused when not a list of named providers', () => {
    expect(() => new Agent({ model: new ScriptedModel([]), contextProviders: [{ name: 'x' } as never] })).toThrow(InvalidAgentOptionsError);
  });

  it("stops a run as 'max_duration' (never a ContextProviderError) when a provider that never answers reaches the run's time limit", async () => {
    const blind: ContextProvider = { name: 'blind', provide: () => new Promise(() => undefined) };
    for (let attempt = 0; attempt < 5; attempt++) {
      const model = new ScriptedModel([{ text: 'never' }]);
      const run = await new Agent({ model, contextProviders: [blind], maxDurationMs: 10 }).run('Hi');
      expect(run.stopReason).toBe('max_duration');
      expect(model.requests).toHaveLength(0);
    }
  });
});
