import { ScriptedModel } from '@toolcraft/testing';
import {
  Agent,
  type AgentContext,
  ContextAwareTool,
  DeclarationOnlyToolError,
  AgentEnvironment,
  RunState,
  Tool,
  ToolRegistry,
  type Feature,
  type JsonSchema,
} from '../../src/index.js';

const noArgs: JsonSchema = { type: 'object', properties: {} };

describe('declaration-only tools: the host runs them and answers', () => {
  const getUserLocation = Tool.declaration({
    name: 'get_user_location',
    description: "The user's current city, from their browser.",
    inputSchema: noArgs,
  });

  it('offers the tool to the model, stops with a result interruption, and sends the host’s answer to the model', async () => {
    const model = new ScriptedModel([
      { toolCalls: [{ id: 'loc', name: 'get_user_location', arguments: {} }] },
      { text: 'You are in Lyon.' },
    ]);
    const agent = new Agent({ model, tools: [getUserLocation] });
    const run = await agent.run('Where am I?');
    expect(model.requests[0]!.tools.map((tool) => tool.name)).toEqual(['get_user_location']);
    expect(run.stopReason).toBe('interrupted');
    expect(run.interruptions).toEqual([
      { kind: 'result', callId: 'loc', toolName: 'get_user_location', arguments: '{}', agentName: 'agent' },
    ]);

    const state = RunState.fromJSON(JSON.parse(JSON.stringify(run.state)));
    state.resolve('loc', { city: 'Lyon' });
    const resumed = await agent.resume(state);
    expect(resumed.text).toBe('You are in Lyon.');
    expect(model.requests[1]!.messages.at(-1)).toEqual({
      role: 'tool',
      toolCallId: 'loc',
      name: 'get_user_location',
      content: '{"city":"Lyon"}',
      isError: false,
    });
  });

  it('answers a call dispatched outside an agent with a DeclarationOnlyToolError result', async () => {
    const env = new AgentEnvironment({ registry: ToolRegistry.of(getUserLocation) });
    const result = await env.executeTool({ id: '1', name: 'get_user_location', arguments: {} });
    expect(result.isError).toBe(true);
    expect(result.content).toContain("Tool 'get_user_location' is declaration-only");
  });

  it('refuses a value that is not JSON', async () => {
    const run = await new Agent({
      model: new ScriptedModel([{ toolCalls: [{ id: 'loc', name: 'get_user_location', arguments: {} }] }]),
      tools: [getUserLocation],
    }).run('x');
    expect(() => run.state.resolve('loc', undefined)).toThrow(
      "Cannot resolve tool call 'loc': the value is undefined; expected a string or JSON data.",
    );
    expect(() => run.state.resolve('loc', 10n)).toThrow(/cannot be sent to the model/);
    expect(DeclarationOnlyToolError.name).toBe('DeclarationOnlyToolError');
  });
});

class CallCrm extends ContextAwareTool<Record<string, never>, string> {
  runs = 0;
  constructor() {
    super({ argsType: noArgs, name: 'crm_lookup', description: 'Looks the customer up in the CRM.' });
  }
  execute(_args: Record<string, never>, context: AgentContext): string {
    this.runs++;
    const token = context.credential<string>('crm');
    if (token === undefined) context.requestCredential({ key: 'crm', scheme: 'apiKey', description: 'CRM API key' });
    return `customer found with a key of ${token!.length} characters`;
  }
}

describe('credentials: a tool asks the host, and runs again once one is provided', () => {
  it('stops with a credential interruption, keeps the credential out of everything saved, and runs the call again with it', async () => {
    const crm = new CallCrm();
    const model = new ScriptedModel([{ toolCalls: [{ id: 'k', name: 'crm_lookup', arguments: {} }] }, { text: 'Found them.' }]);
    const agent = new Agent({ model, tools: [crm] });
    const run = await agent.run('find the customer');
    expect(run.stopReason).toBe('interrupted');
    expect(run.interruptions).toEqual([
      {
        kind: 'credential',
        callId: 'k',
        toolName: 'crm_lookup',
        arguments: '{}',
        agentName: 'agent',
        request: { key: 'crm', scheme: 'apiKey', description: 'CRM API key' },
      },
    ]);
    // The model was told nothing of the call yet; the result's transcript answers it as waiting, so it can be sent back as history.
    expect(run.messages.at(-1)).toMatchObject({
      role: 'tool',
      toolCallId: 'k',
      isError: true,
      content: expect.stringContaining('not executed: the call is waiting for the host'),
    });
    expect(run.state.toJSON().messages).toEqual(run.messages.slice(0, -1));

    run.state.provideCredential('k', 'secret-key-123');
    expect(run.state.interruptions).toEqual([]);
    expect(JSON.stringify(run.state)).not.toContain('secret-key-123');
    expect(() => run.state.provideCredential('k', 'again')).toThrow(
      "Cannot provideCredential tool call 'k': the credential 'crm' was already provided for it.",
    );

    const resumed = await agent.resume(run.state);
    expect(resumed.text).toBe('Found them.');
    expect(crm.runs).toBe(2);
    expect(resumed.toolCalls[0]!.result.content).toBe('customer found with a key of 14 characters');
    const everything = JSON.stringify([resumed.messages, resumed.state, model.requests]);
    expect(everything).not.toContain('secret-key-123');
  });

  it('gives the credential to a tool the call runs with its own context (through another environment), and the run completes', async () => {
    const noArgsInner = new (class extends ContextAwareTool<Record<string, never>, string> {
      constructor() {
        super({ argsType: noArgs, name: 'crm_inner', description: 'Reads the CRM key.' });
      }
      execute(_args: Record<string, never>, context: AgentContext): string {
        return `inner sees ${String(context.credential('crm'))}`;
      }
    })();
    const inner = new AgentEnvironment({ registry: ToolRegistry.of(noArgsInner) });
    let runs = 0;
    const gateway = new (class extends ContextAwareTool<Record<string, never>, string> {
      constructor() {
        super({ argsType: noArgs, name: 'crm_gateway', description: 'Asks the CRM through another tool.' });
      }
      async execute(_args: Record<string, never>, context: AgentContext): Promise<string> {
        runs++;
        const answer = await inner.executeTool({ id: context.toolCallId, name: 'crm_inner', arguments: {} }, undefined, {
          agentContext: context,
        });
        if (answer.content.endsWith('undefined')) context.requestCredential({ key: 'crm' });
        return answer.content;
      }
    })();
    const model = new ScriptedModel([{ toolCalls: [{ id: 'k', name: 'crm_gateway', arguments: {} }] }, { text: 'Done.' }]);
    const agent = new Agent({ model, tools: [gateway] });
    const run = await agent.run('find the customer');
    expect(run.interruptions.map((item) => item.kind)).toEqual(['credential']);
    run.state.provideCredential('k', 'secret');
    const resumed = await agent.resume(run.state);
    expect(resumed.stopReason).toBe('completed');
    expect(resumed.toolCalls[0]!.result.content).toBe('inner sees secret');
    expect(runs).toBe(2);
  });

  it('asks for the credential after an approval, instead of running the call again on every resume', async () => {
    let runs = 0;
    const tool = new (class extends ContextAwareTool<Record<string, never>, string> {
      constructor() {
        super({ argsType: noArgs, name: 'send', description: 'Sends.', effects: 'write' });
      }
      execute(_args: Record<string, never>, context: AgentContext): string {
        runs++;
        if (context.credential('smtp') === undefined) context.requestCredential({ key: 'smtp' });
        return 'sent';
      }
    })();
    const agent = new Agent({
      model: new ScriptedModel([{ toolCalls: [{ id: 's', name: 'send', arguments: {} }] }, { text: 'ok' }]),
      tools: [tool],
      approvals: 'write',
    });
    const run = await agent.run('x');
    run.state.approve('s');
    const second = await agent.resume(run.state);
    expect(second.interruptions.map((item) => item.kind)).toEqual(['credential']);
    await agent.resume(second.state);
    expect(runs).toBe(1);
    second.state.provideCredential('s', 'pw');
    expect((await agent.resume(second.state)).text).toBe('ok');
    expect(runs).toBe(2);
  });

  it('keeps a provided credential out of inspection and clones of the state', async () => {
    const crm = new CallCrm();
    const run = await new Agent({
      model: new ScriptedModel([{ toolCalls: [{ id: 'k', name: 'crm_lookup', arguments: {} }] }]),
      tools: [crm],
    }).run('x');
    run.state.provideCredential('k', 'top-secret');
    const util = await import('node:util');
    expect(util.inspect(run, { depth: 10 })).not.toContain('top-secret');
    expect(JSON.stringify(structuredClone(run.state))).not.toContain('top-secret');
  });

  it('refuses an undefined credential, saying a value is expected, and keeps the call waiting', async () => {
    const run = await new Agent({
      model: new ScriptedModel([{ toolCalls: [{ id: 'k', name: 'crm_lookup', arguments: {} }] }]),
      tools: [new CallCrm()],
    }).run('x');
    expect(() => run.state.provideCredential('k', undefined)).toThrow(
      "Cannot provideCredential tool call 'k': the credential is undefined; expected a value.",
    );
    expect(run.state.interruptions.map((item) => item.kind)).toEqual(['credential']);
  });

  it('asks again after a JSON round trip: a credential lives in memory only', async () => {
    const crm = new CallCrm();
    const agent = new Agent({
      model: new ScriptedModel([{ toolCalls: [{ id: 'k', name: 'crm_lookup', arguments: {} }] }, { text: 'ok' }]),
      tools: [crm],
    });
    const run = await agent.run('x');
    run.state.provideCredential('k', 'secret');
    const copy = RunState.fromJSON(JSON.parse(JSON.stringify(run.state)));
    expect(copy.interruptions.map((item) => item.kind)).toEqual(['credential']);
  });
});

describe('a credential request is control flow, not a failure', () => {
  it('counts no failure and no invocation: a tool with maxFailures 1 and maxInvocations 1 runs once the credential is given, and no failure hook fires', async () => {
    const failed: string[] = [];
    const watcher: Feature = {
      name: 'watcher',
      install(pipeline) {
        pipeline.onToolCallFailed(this, ({ call, error }) => void failed.push(`${call.id}: ${String(error)}`));
      },
    };
    let ran = 0;
    const crm = new (class extends ContextAwareTool<Record<string, never>, string> {
      constructor() {
        super({
          name: 'crm_lookup',
          description: 'Looks the customer up',
          argsType: { type: 'object', properties: {} },
          maxFailures: 1,
          maxInvocations: 1,
        });
      }
      execute(_args: Record<string, never>, context: AgentContext): string {
        const token = context.credential<string>('crm');
        if (token === undefined) context.requestCredential({ key: 'crm' });
        ran++;
        return 'Ada, gold';
      }
    })();
    const model = new ScriptedModel([{ toolCalls: [{ id: 'k', name: 'crm_lookup', arguments: {} }] }, { text: 'Ada is gold.' }]);
    const agent = new Agent({ model, tools: [crm], features: [watcher] });
    const paused = await agent.run('who is it?');
    expect(paused.interruptions.map((item) => item.kind)).toEqual(['credential']);
    paused.state.provideCredential('k', 'secret');
    const resumed = await agent.resume(paused.state);
    expect(resumed.text).toBe('Ada is gold.');
    expect(resumed.toolCalls.map((item) => item.result.content)).toEqual(['Ada, gold']);
    expect(ran).toBe(1);
    expect(failed).toEqual([]);
  });
});
