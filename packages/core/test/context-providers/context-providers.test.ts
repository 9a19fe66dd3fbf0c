import 'reflect-metadata';
import { ScriptedModel } from '@toolcraft/testing';
import { Agent, ContextProviderError, InMemorySessionStore, InvalidAgentOptionsError, type ContextProvider } from '../../src/index.js';

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

  it('are refused when not a list of named providers', () => {
    expect(() => new Agent({ model: new ScriptedModel([]), contextProviders: [{ name: 'x' } as never] })).toThrow(InvalidAgentOptionsError);
  });
});
