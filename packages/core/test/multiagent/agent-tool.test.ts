import { contentText } from '../../src/index';
import { ScriptedModel, testAgentContext, type ScriptedReply } from '@toolcraft/testing';
import {
  Agent,
  AgentDepthLimitError,
  AgentTool,
  InvalidToolDefinitionError,
  SequentialAgent,
  SubAgentStoppedError,
  ToolRegistry,
  type ChatRequest,
  type MemoryStrategy,
  type RunnableAgent,
} from '@toolcraft/core';
import { ReadStateTool, SetStateTool } from '../support/state-tools';

const tools = ToolRegistry.of(new ReadStateTool(), new SetStateTool());
const usage = (tokens: number) => ({ inputTokens: tokens, outputTokens: tokens, totalTokens: 2 * tokens });
const ask = (tool: string, request: string): ScriptedReply => ({ toolCalls: [{ name: tool, arguments: { request } }] });
const lastContent = (request: ChatRequest) => contentText(request.messages.at(-1)?.content);

describe('AgentTool', () => {
  it("runs the agent on the model's request alone, and its answer is the tool's result", async () => {
    const researcherModel = new ScriptedModel([(request) => ({ text: `Facts about ${lastContent(request)}` })]);
    const researcher = new Agent({ model: researcherModel, name: 'researcher', instructions: 'Find facts.' });
    const writerModel = new ScriptedModel([ask('researcher', 'Acme'), (request) => ({ text: `Article: ${lastContent(request)}` })]);
    const writer = new Agent({ model: writerModel, tools: [AgentTool.of(researcher)], instructions: 'Write.' });
    const run = await writer.run('Write about Acme.', { history: [{ role: 'user', content: 'Hello' }] });

    expect(researcherModel.requests[0]!.messages).toEqual([
      { role: 'system', content: 'Find facts.' },
      { role: 'user', content: 'Acme' },
    ]);
    expect(run.toolCalls[0]!.result).toMatchObject({ content: 'Facts about Acme', isError: false });
    expect(run.text).toBe('Article: Facts about Acme');
  });

  it("shows the model a tool named after the agent, described by the agent's description, taking { request: string }", () => {
    const researcher = new Agent({ model: new ScriptedModel([]), name: 'researcher', description: 'Finds facts about a company.' });
    const tool = AgentTool.of(researcher);

    expect(tool.descriptor).toMatchObject({ name: 'researcher', description: 'Finds facts about a company.' });
    expect(tool.inputSchema).toMatchObject({ type: 'object', properties: { request: { type: 'string' } }, required: ['request'] });
    expect(AgentTool.of(researcher, { name: 'ask_researcher', description: 'Asks.' }).descriptor).toMatchObject({
      name: 'ask_researcher',
      description: 'Asks.',
    });
    expect(AgentTool.of(new Agent({ model: new ScriptedModel([]), name: 'helper' })).description).toBe(
      "Asks the agent 'helper' and returns its answer.",
    );
  });

  it("runs the agent on a copy of the caller's state and writes its changes back, temp: keys excepted", async () => {
    const helper = new Agent({
      model: new ScriptedModel([
        {
          toolCalls: [
            { name: 'read_state', arguments: { key: 'temp:seen' } },
            { name: 'read_state', arguments: { key: 'topic' } },
          ],
        },
        {
          toolCalls: [
            { name: 'set_state', arguments: { key: 'found', value: 'yes' } },
            { name: 'set_state', arguments: { key: 'temp:scratch', value: 'x' } },
          ],
        },
        { text: 'done' },
      ]),
      name: 'helper',
      registry: tools,
    });
    const parentModel = new ScriptedModel([
      { toolCalls: [{ name: 'set_state', arguments: { key: 'temp:seen', value: 'parent temp' } }] },
      ask('helper', 'Look.'),
      {
        toolCalls: [
          { name: 'read_state', arguments: { key: 'found' } },
          { name: 'read_state', arguments: { key: 'temp:scratch' } },
        ],
      },
      { text: 'ok' },
    ]);
    const parent = new Agent({ model: parentModel, tools: [tools, AgentTool.of(helper)] });
    const run = await parent.run('Go.', { state: { topic: 'tea' } });

    expect(run.subRuns![0]!.toolCalls.map((call) => call.result.content)).toEqual(['parent temp', 'tea', 'ok', 'ok']);
    expect(run.toolCalls.slice(-2).map((call) => call.result.content)).toEqual(['yes', '(unset)']);
    expect(run.stateDelta).toEqual({ found: 'yes' });
  });

  it("adds the agent's usage to the caller's and keeps its run in subRuns, nested runs inside theirs", async () => {
    const inner = new Agent({ model: new ScriptedModel([{ text: 'inner', usage: usage(1) }]), name: 'inner' });
    const middle = new Agent({
      model: new ScriptedModel([
        { ...ask('inner', 'x'), usage: usage(2) },
        { text: 'middle', usage: usage(4) },
      ]),
      name: 'middle',
      tools: [AgentTool.of(inner)],
    });
    const top = new Agent({
      model: new ScriptedModel([
        { ...ask('middle', 'y'), usage: usage(8) },
        { text: 'top', usage: usage(16) },
      ]),
      tools: [AgentTool.of(middle)],
    });
    const run = await top.run('Go.');

    expect(run.usage).toEqual(usage(31));
    expect(run.subRuns!.map((sub) => sub.text)).toEqual(['middle']);
    expect(run.subRuns![0]!.usage).toEqual(usage(7));
    expect(run.subRuns![0]!.subRuns!.map((sub) => sub.text)).toEqual(['inner']);
  });

  it("ends the caller's run with the agent's answer when skipSummarization is set", async () => {
    const helper = new Agent({ model: new ScriptedModel([{ text: 'The final answer.' }]), name: 'helper' });
    const parentModel = new ScriptedModel([ask('helper', 'Answer.'), { text: 'never' }]);
    const run = await new Agent({ model: parentModel, tools: [AgentTool.of(helper, { skipSummarization: true })] }).run('Go.');

    expect(run.stopReason).toBe('completed');
    expect(run.text).toBe('The final answer.');
    expect(parentModel.requests).toHaveLength(1);
  });

  it("gives the agent the call's signal: aborting the caller stops the agent's run", async () => {
    const controller = new AbortController();
    const helperModel = new ScriptedModel([
      () => {
        controller.abort();
        return new Promise(() => {});
      },
    ]);
    const helper = new Agent({ model: helperModel, name: 'helper' });
    const run = await new Agent({ model: new ScriptedModel([ask('helper', 'Wait.')]), tools: [AgentTool.of(helper)] }).run('Go.', {
      signal: controller.signal,
    });

    expect(run.stopReason).toBe('aborted');
    expect(helperModel.requests).toHaveLength(1);
  });

  it("gives the agent at most the caller's remaining time", async () => {
    const seen: number[] = [];
    const memory: MemoryStrategy = {
      select: (messages, context) => {
        seen.push(context.remainingMs);
        return { messages: [...messages] };
      },
      toJSON: () => ({}),
    };
    const helper = new Agent({ model: new ScriptedModel([{ text: 'ok' }]), name: 'helper', memory, maxDurationMs: 60_000 });
    await new Agent({
      model: new ScriptedModel([ask('helper', 'Quick.'), { text: 'done' }]),
      tools: [AgentTool.of(helper)],
      maxDurationMs: 2_000,
    }).run('Go.');

    expect(seen[0]).toBeGreaterThan(0);
    expect(seen[0]).toBeLessThanOrEqual(2_000);
  });

  it('answers with a SubAgentStoppedError when the agent stops without completing, keeping its run, and the caller goes on', async () => {
    const stuck = new Agent({
      model: new ScriptedModel([{ text: 'half way', toolCalls: [{ name: 'read_state', arguments: { key: 'k' } }] }]),
      name: 'stuck',
      registry: tools,
      maxIterations: 1,
    });
    const run = await new Agent({
      model: new ScriptedModel([ask('stuck', 'Try.'), { text: 'I will answer myself.' }]),
      tools: [AgentTool.of(stuck)],
    }).run('Go.');

    const result = run.toolCalls[0]!.result;
    expect(result.isError).toBe(true);
    expect(result.content).toContain("Agent 'stuck' stopped with 'max_iterations' before it answered. Its last text: half way");
    expect(SubAgentStoppedError.isInstance(result.error)).toBe(true);
    expect(run.subRuns!.map((sub) => sub.stopReason)).toEqual(['max_iterations']);
    expect(run.text).toBe('I will answer myself.');
  });

  it('answers with an error result when the agent throws, and the caller goes on', async () => {
    const broken = new Agent({ model: new ScriptedModel([{ error: new Error('model down') }]), name: 'broken', retry: { maxRetries: 0 } });
    const run = await new Agent({
      model: new ScriptedModel([ask('broken', 'Try.'), { text: 'Fine without it.' }]),
      tools: [AgentTool.of(broken)],
    }).run('Go.');

    expect(run.toolCalls[0]!.result).toMatchObject({ isError: true, content: "Error: tool 'broken' failed: model down" });
    expect(run.text).toBe('Fine without it.');
    expect(run.subRuns).toBeUndefined();
  });

  it('stops an agent reaching itself at maxDepth: the call past it is answered with an AgentDepthLimitError and every run goes on', async () => {
    // One agent whose tool runs the same agent: each run asks again until its call is refused, then answers.
    const model = new ScriptedModel(
      [
        (request) => {
          const last = request.messages.at(-1)!;
          if (last.role === 'user') return ask('recurse', `level ${request.messages.length}`);
          return { text: `answered after: ${contentText(last.content).slice(0, 60)}` };
        },
      ],
      { onExhausted: 'repeatLast' },
    );
    const lazy: RunnableAgent = { name: 'recurse', run: (input, options) => self.run(input, options) };
    const self: Agent = new Agent({ model, name: 'recurse', tools: [AgentTool.of(lazy, { maxDepth: 2 })] });
    const run = await self.run('Go.');

    expect(run.stopReason).toBe('completed');
    const deepest = run.subRuns![0]!.subRuns![0]!;
    expect(deepest.subRuns).toBeUndefined();
    expect(deepest.toolCalls[0]!.result.content).toContain(
      "The depth limit of agents running agents was reached (maxDepth: 2), so agent 'recurse' was not run.",
    );
    expect(AgentDepthLimitError.isInstance(deepest.toolCalls[0]!.result.error)).toBe(true);
    expect(model.requests).toHaveLength(6);
  });

  it('runs workflow agents too', async () => {
    const a = new Agent({ model: new ScriptedModel([{ text: 'A' }]), name: 'a', outputKey: 'a' });
    const b = new Agent({ model: new ScriptedModel([{ text: 'B' }]), name: 'b' });
    const pipeline = new SequentialAgent({ name: 'pipeline', agents: [a, b], description: 'A then B.' });
    const run = await new Agent({
      model: new ScriptedModel([ask('pipeline', 'Go.'), { text: 'done' }]),
      tools: [AgentTool.of(pipeline)],
    }).run('Go.');

    expect(run.toolCalls[0]!.result.content).toBe('B');
    expect(run.stateDelta).toEqual({ a: 'A' });
    expect(run.subRuns![0]!.subRuns).toHaveLength(2);
  });

  it('runs outside an agent run too, on the given context', async () => {
    const helper = new Agent({ model: new ScriptedModel([{ text: 'ok' }]), name: 'helper', outputKey: 'answer' });
    const context = testAgentContext({ state: { topic: 'tea' } });

    await expect(AgentTool.of(helper).execute({ request: 'Hi' }, context)).resolves.toBe('ok');
    expect(context.state.get('answer')).toBe('ok');
  });

  it('rejects a bad maxDepth, an invalid tool name or something that is not an agent with an InvalidToolDefinitionError', () => {
    const agent = new Agent({ model: new ScriptedModel([]), name: 'helper' });
    expect(() => AgentTool.of(agent, { maxDepth: 0 })).toThrow('maxDepth must be a positive integer, but was 0.');
    expect(() => AgentTool.of(new Agent({ model: new ScriptedModel([]), name: 'my helper' }))).toThrow(InvalidToolDefinitionError);
    expect(() => AgentTool.of({} as RunnableAgent)).toThrow(InvalidToolDefinitionError);
  });
});
