import 'reflect-metadata';
import { IsIn, IsOptional, IsString } from 'class-validator';
import { ScriptedModel } from '@toolcraft/testing';
import { ContextAwareTool, LLMDescription, RunState, ToolRegistry, type AgentContext } from '../src/index';
import { Agent } from '../src/agent/agent';
import { call, PathTool } from './pausing/support';

class ActArgs {
  @LLMDescription('What to ask of the loop') @IsIn(['none', 'skip', 'transfer', 'escalate']) action!:
    'none' | 'skip' | 'transfer' | 'escalate';
  @LLMDescription('The agent to transfer to') @IsOptional() @IsString() target?: string;
}

/** Sets one of the run's actions, as a tool of a real application would. */
class ActTool extends ContextAwareTool<ActArgs, string> {
  constructor() {
    super({ argsType: ActArgs, name: 'act', description: 'Asks the agent loop to do something.' });
  }
  execute(args: ActArgs, context: AgentContext): string {
    if (args.action === 'skip') context.actions.skipSummarization = true;
    if (args.action === 'transfer') context.actions.transferToAgent = args.target;
    if (args.action === 'escalate') context.actions.escalate = true;
    return `result of ${args.action} (${context.toolCallId})`;
  }
}

const act = (action: string, extra: Record<string, unknown> = {}) => ({ name: 'act', arguments: { action, ...extra } });

describe('Agent actions', () => {
  const registry = ToolRegistry.of(new ActTool());

  it("ends the run with 'completed' and the tool's result as the text when a tool sets skipSummarization", async () => {
    const model = new ScriptedModel([{ toolCalls: [act('skip')] }, { text: 'never sent' }]);
    const run = await new Agent({ model, registry }).run('Look it up.');

    expect(run.stopReason).toBe('completed');
    expect(run.text).toBe('result of skip (call_1)');
    expect(model.requests).toHaveLength(1);
    expect(run.messages.at(-1)).toMatchObject({ role: 'tool', toolCallId: 'call_1' });
  });

  it('takes the final text from the call that set skipSummarization, not from the last call of the turn', async () => {
    const model = new ScriptedModel([{ toolCalls: [act('none'), act('skip'), act('none')] }]);
    const run = await new Agent({ model, registry }).run('Three calls.');

    expect(run.text).toBe('result of skip (call_2)');
    expect(run.toolCalls).toHaveLength(3);
  });

  it("stops with 'transfer' and names the target in transferTo when a tool sets transferToAgent", async () => {
    const model = new ScriptedModel([
      { text: 'Passing you on.', toolCalls: [act('transfer', { target: 'billing' })] },
      { text: 'never sent' },
    ]);
    const run = await new Agent({ model, registry }).run('I was charged twice.');

    expect(run.stopReason).toBe('transfer');
    expect(run.transferTo).toBe('billing');
    expect(run.text).toBe('Passing you on.');
    expect(model.requests).toHaveLength(1);
    expect(run.messages.at(-1)).toMatchObject({ role: 'tool', content: 'result of transfer (call_1)' });
  });

  it("stops with 'escalate' when a tool sets escalate", async () => {
    const model = new ScriptedModel([{ toolCalls: [act('escalate')] }, { text: 'never sent' }]);
    const run = await new Agent({ model, registry }).run('Help!');

    expect(run.stopReason).toBe('escalate');
    expect(run.transferTo).toBeUndefined();
    expect(run.toolCalls).toHaveLength(1);
  });

  it('starts every run with fresh actions', async () => {
    const model = new ScriptedModel([{ toolCalls: [act('escalate')] }, { text: 'Fine.' }]);
    const agent = new Agent({ model, registry });
    await agent.run('Help!');
    const second = await agent.run('All good?');

    expect(second.stopReason).toBe('completed');
    expect(second.text).toBe('Fine.');
  });

  it('keeps a skipSummarization asked for by a call of a paused turn: the resumed run ends with its result, without a model call', async () => {
    const remove = new PathTool('delete_file', 'destructive', { needsApproval: true });
    const model = new ScriptedModel([{ toolCalls: [{ id: 'f', ...act('skip') }, call('d', 'delete_file', '/a')] }, { text: 'never sent' }]);
    const agent = new Agent({ model, registry: ToolRegistry.of(new ActTool(), remove) });
    const run = await agent.run('x');
    expect(run.stopReason).toBe('interrupted');
    const state = RunState.fromJSON(JSON.parse(JSON.stringify(run.state)));
    state.approve('d');
    const resumed = await agent.resume(state);
    expect(resumed).toMatchObject({ stopReason: 'completed', text: 'result of skip (f)' });
    expect(remove.ran).toEqual(['/a']);
    expect(model.requests).toHaveLength(1);
  });

  it('does not end the run with the result of a failed call that set skipSummarization', async () => {
    class Finisher extends ContextAwareTool<ActArgs, string> {
      constructor() {
        super({ argsType: ActArgs, name: 'finish', description: '' });
      }
      execute(_args: ActArgs, context: AgentContext): string {
        context.actions.skipSummarization = true;
        throw new Error('failed after asking to finish');
      }
    }
    const model = new ScriptedModel([{ toolCalls: [{ name: 'finish', arguments: { action: 'skip' } }] }, { text: 'recovered' }]);
    const run = await new Agent({ model, registry: ToolRegistry.of(new Finisher()) }).run('finish');
    expect(run.text).toBe('recovered');
    expect(run.stopReason).toBe('completed');
  });
});
