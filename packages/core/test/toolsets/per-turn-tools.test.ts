import { ScriptedModel } from '@toolcraft/testing';
import {
  Agent,
  type AgentContext,
  ContextAwareTool,
  ToolRegistry,
  type AnyTool,
  type Feature,
  type ReadonlyAgentContext,
  type Toolset,
} from '../../src/index.js';
import { call, EchoTool } from '../support/echo-tool.js';
import { MathService } from '../support/math-service.js';

/** ADK's admin-tools example: admin tools are offered only while the user's role is admin. */
class AdminToolset implements Toolset {
  readonly name = 'admin';
  readonly contexts: ReadonlyAgentContext[] = [];
  readonly deleteUser = new EchoTool('delete_user');
  getTools(context: ReadonlyAgentContext): AnyTool[] {
    this.contexts.push(context);
    return context.state.get('user:role') === 'admin' ? [this.deleteUser] : [];
  }
}

/** Makes the current user an admin, in the run's state. */
class BecomeAdminTool extends ContextAwareTool<Record<string, never>, string> {
  constructor() {
    super({ argsType: { type: 'object', properties: {} }, name: 'become_admin', description: 'Grants admin rights.' });
  }
  execute(_args: Record<string, never>, context: AgentContext): string {
    context.state.set('user:role', 'admin');
    return 'you are an admin now';
  }
}

const offered = (model: ScriptedModel, turn: number) => model.requests[turn].tools.map((tool) => tool.name);

describe('Toolsets asked at the start of every model turn', () => {
  it('offers admin tools only to admins: the tools offered depend on the run state', async () => {
    const admin = new AdminToolset();
    const lookup = new EchoTool('lookup');
    const guestModel = new ScriptedModel([{ text: 'hi' }]);
    await new Agent({ model: guestModel, tools: [lookup, admin] }).run('hello', { state: { 'user:role': 'guest' } });
    const adminModel = new ScriptedModel([{ text: 'hi' }]);
    await new Agent({ model: adminModel, tools: [lookup, admin] }).run('hello', { state: { 'user:role': 'admin' } });

    expect(offered(guestModel, 0)).toEqual(['lookup']);
    expect(offered(adminModel, 0)).toEqual(['lookup', 'delete_user']);
  });

  it('asks again every turn, so a state change made by a tool changes the next turn’s tools', async () => {
    const admin = new AdminToolset();
    const model = new ScriptedModel([
      { toolCalls: [{ name: 'become_admin', arguments: {} }] },
      { toolCalls: [call('delete_user', 'bob')] },
      { text: 'done' },
    ]);
    const run = await new Agent({ model, tools: [new BecomeAdminTool(), admin] }).run('make me admin and delete bob');

    expect(offered(model, 0)).toEqual(['become_admin']);
    expect(offered(model, 1)).toEqual(['become_admin', 'delete_user']);
    expect(admin.deleteUser.calls).toEqual(['bob']);
    expect(run.text).toBe('done');
    expect(admin.contexts).toHaveLength(3);
  });

  it('gives the toolset the run id, the agent name and a state it can read but not write', async () => {
    const admin = new AdminToolset();
    const model = new ScriptedModel([{ text: 'ok' }]);
    const run = await new Agent({ model, name: 'helpdesk', tools: [admin] }).run('hi', { state: { 'user:role': 'guest', topic: 'x' } });
    const [context] = admin.contexts;

    expect(context.runId).toBe(run.runId);
    expect(context.agentName).toBe('helpdesk');
    expect(context.state.get('topic')).toBe('x');
    expect(context.state.has('user:role')).toBe(true);
    expect(context.state.toJSON()).toEqual({ 'user:role': 'guest', topic: 'x' });
    expect('set' in context.state).toBe(false);
    expect('delete' in context.state).toBe(false);
    expect(Object.isFrozen(context) && Object.isFrozen(context.state)).toBe(true);
  });

  it('awaits an async getTools', async () => {
    const later = new EchoTool('later');
    const toolset: Toolset = { name: 'async', getTools: async () => [later] };
    const model = new ScriptedModel([{ toolCalls: [call('later', 'a')] }, { text: 'ok' }]);
    await new Agent({ model, tools: [toolset] }).run('go');

    expect(offered(model, 0)).toEqual(['later']);
    expect(later.calls).toEqual(['a']);
  });

  it('takes tools, service instances, registries and toolsets in one list, offered in that order after the registry option', async () => {
    const model = new ScriptedModel([{ text: 'ok' }]);
    const toolset: Toolset = { name: 'extra', getTools: () => [new EchoTool('from_toolset')] };
    await new Agent({
      model,
      registry: ToolRegistry.of(new EchoTool('from_registry_option')),
      tools: [new EchoTool('plain'), new MathService(), ToolRegistry.of(new EchoTool('from_registry')), toolset],
    }).run('go');

    expect(offered(model, 0)).toEqual(['from_registry_option', 'plain', 'add', 'square', 'from_registry', 'from_toolset']);
  });

  it('runs toolset tools through the agent environment, so features see their calls (installed once)', async () => {
    const seen: string[] = [];
    let installs = 0;
    const audit: Feature = {
      name: 'audit',
      install(pipeline) {
        installs++;
        pipeline.onToolCallStarting(audit, (event) => void seen.push(event.call.name));
      },
    };
    let turn = 0;
    const toolset: Toolset = { name: 'rotating', getTools: () => [new EchoTool(`tool_${turn++}`)] };
    const model = new ScriptedModel([{ toolCalls: [call('tool_0')] }, { toolCalls: [call('tool_1')] }, { text: 'ok' }]);
    await new Agent({ model, tools: [toolset], features: [audit] }).run('go');

    expect(seen).toEqual(['tool_0', 'tool_1']);
    expect(installs).toBe(1);
  });

  it('answers a call to a tool the toolset stopped offering as an unknown tool, without running it', async () => {
    let offer = true;
    const once = new EchoTool('once');
    const toolset: Toolset = { name: 'flaky', getTools: () => (offer ? [once] : []) };
    const model = new ScriptedModel([
      // Turn 1's tools were asked before this model call; turn 2's are asked after it, with the tool gone.
      () => ((offer = false), { toolCalls: [call('once', 'a')] }),
      { toolCalls: [call('once', 'b')] },
      { text: 'ok' },
    ]);
    const run = await new Agent({ model, tools: [toolset] }).run('go');

    expect(offered(model, 0)).toEqual(['once']);
    expect(offered(model, 1)).toEqual([]);
    expect(once.calls).toEqual(['a']);
    expect(run.toolCalls[1].result).toMatchObject({ name: 'once', isError: true });
    expect(run.toolCalls[1].result.content).toContain("Tool 'once' is not defined");
  });
});
