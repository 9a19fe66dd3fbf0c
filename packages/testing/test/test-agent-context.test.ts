import 'reflect-metadata';
import { IsString } from 'class-validator';
import {
  AgentActions,
  AgentContext,
  AgentState,
  ContextAwareTool,
  FrameworkKeys,
  LLMDescription,
  SafeTool,
  ToolBase,
  ToolCallMetadata,
} from '@toolcraft/core';
import { metadataWith, testAgentContext } from '../src/index';

class GreetArgs {
  @LLMDescription('The greeting') @IsString() greeting!: string;
}

/** Greets the user named in the state and remembers it did. */
class GreetUserTool extends ContextAwareTool<GreetArgs, string> {
  constructor() {
    super({ argsType: GreetArgs, name: 'greet_user', description: 'Greets the current user.' });
  }
  execute(args: GreetArgs, context: AgentContext): string {
    context.state.set('greeted', true);
    context.state.set('temp:last', args.greeting);
    return `${args.greeting}, ${context.state.get<string>('user:name')} (${context.agentName}/${context.runId})`;
  }
}

/** Reads a caller's metadata entry. */
class TenantTool extends ToolBase<GreetArgs, string> {
  constructor() {
    super({ argsType: GreetArgs, name: 'tenant', description: 'Says which tenant is calling.' });
  }
  execute(args: GreetArgs, metadata: ToolCallMetadata): string {
    return `${args.greeting} ${String(metadata.get('tenant'))}`;
  }
}

describe('testAgentContext', () => {
  it("builds a context with run id 'test-run', agent name 'test-agent', a fresh state and fresh actions", () => {
    const context = testAgentContext();

    expect(context).toBeInstanceOf(AgentContext);
    expect(context).toMatchObject({ runId: 'test-run', agentName: 'test-agent', toolCallId: 'test-call' });
    expect(context.state.toJSON()).toEqual({});
    expect(context.actions).toEqual(new AgentActions());
    expect(context.signal.aborted).toBe(false);
  });

  it('starts the state from a plain object without sharing it, and records only later changes', () => {
    const initial = { 'user:name': 'Ada' };
    const context = testAgentContext({ state: initial });
    context.state.set('greeted', true);

    expect(context.state.get('user:name')).toBe('Ada');
    expect(context.state.delta).toEqual({ greeted: true });
    expect(initial).toEqual({ 'user:name': 'Ada' });
  });

  it('uses the given overrides', () => {
    const state = new AgentState();
    const controller = new AbortController();
    const context = testAgentContext({ runId: 'r', agentName: 'a', toolCallId: 'c', state, signal: controller.signal });

    expect(context).toMatchObject({ runId: 'r', agentName: 'a', toolCallId: 'c' });
    expect(context.state).toBe(state);
    expect(context.signal).toBe(controller.signal);
  });

  it('runs a context-aware tool directly, whose state changes can be checked', async () => {
    const context = testAgentContext({ state: { 'user:name': 'Ada' } });

    expect(new GreetUserTool().execute({ greeting: 'Hi' }, context)).toBe('Hi, Ada (test-agent/test-run)');
    expect(context.state.delta).toEqual({ greeted: true });
  });
});

describe('metadataWith', () => {
  it('puts the context under ContextAwareTool.AgentContextKey, with its call id, run id and signal', () => {
    const context = testAgentContext();
    const metadata = metadataWith(context);

    expect(metadata.get(ContextAwareTool.AgentContextKey)).toBe(context);
    expect(metadata.get(FrameworkKeys.toolCallId)).toBe('test-call');
    expect(metadata.get(FrameworkKeys.runId)).toBe('test-run');
    expect(metadata.get(FrameworkKeys.signal)).toBe(context.signal);
  });

  it('adds the given entries, and keeps the context when an entry tries to replace it', () => {
    const context = testAgentContext();
    const metadata = metadataWith(context, { tenant: 'acme' });
    const replaced = metadataWith(context, [[ContextAwareTool.AgentContextKey, testAgentContext({ runId: 'other' })]]);

    expect(metadata.get('tenant')).toBe('acme');
    expect(replaced.get(ContextAwareTool.AgentContextKey)).toBe(context);
  });

  it('supplies the context a context-aware tool needs when run through SafeTool', async () => {
    const result = await SafeTool.of(new GreetUserTool()).execute(
      { greeting: 'Hello' },
      metadataWith(testAgentContext({ state: { 'user:name': 'Grace' } })),
    );

    expect(result).toMatchObject({ ok: true, content: 'Hello, Grace (test-agent/test-run)' });
  });

  it('gives a metadata-reading tool the entries through SafeTool', async () => {
    const result = await SafeTool.of(new TenantTool()).execute({ greeting: 'Hi' }, metadataWith(testAgentContext(), { tenant: 'acme' }));

    expect(result).toMatchObject({ ok: true, content: 'Hi acme' });
  });
});
