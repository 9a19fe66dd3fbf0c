import 'reflect-metadata';
import {
  AgentContext,
  AgentEnvironment,
  type ApprovalPredicate,
  ContextAwareTool,
  type Feature,
  InvalidToolDefinitionError,
  OptionsError,
  Tool,
  ToolRegistry,
} from '@toolcraft/core';
import { generateText, stepCountIs, streamText, type ModelMessage, type ToolExecutionOptions, type ToolSet } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { toAISDKTools, ToolcraftToolCallError, type ToolcraftToolOutput } from '../src/index';
import { finish, generated, promptOf, streamed, textStream, toolCall } from './support/model-results';
import { AddTool, ChartTool, LinksTool, WaitTool } from './support/test-tools';

/** A model that calls one tool, then answers 'Done.'. */
function callingModel(name: string, input: unknown): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    doGenerate: [generated([toolCall('call-1', name, input)], finish('tool-calls')), generated([{ type: 'text', text: 'Done.' }])],
  });
}

/** The tool result the model was sent on the second step. */
function sentResult(model: MockLanguageModelV3): unknown {
  const prompt = promptOf(model.doGenerateCalls[1]) as Array<{ role: string; content: Array<{ output?: unknown }> }>;
  return prompt.at(-1)!.content[0].output;
}

function execute(tools: ToolSet, name: string, input: unknown, options: Partial<ToolExecutionOptions> = {}): Promise<unknown> {
  return Promise.resolve(tools[name].execute!(input, { toolCallId: 'call-9', messages: [], ...options }));
}

class WhoAmITool extends ContextAwareTool<Record<string, never>, string> {
  constructor() {
    super({ argsType: { type: 'object', properties: {} }, name: 'who_am_i', description: 'Says the run and the call.' });
  }

  execute(_args: Record<string, never>, context: AgentContext): string {
    return `${context.runId}/${context.agentName}/${context.toolCallId}`;
  }
}

/** Pays; whether a call needs approval is the predicate's answer. */
class PayTool extends Tool<{ amount: number }, string> {
  readonly paid: number[] = [];
  constructor(needsApproval: ApprovalPredicate<{ amount: number }>) {
    super({
      argsType: { type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] },
      name: 'pay',
      description: 'Pays.',
      needsApproval,
    });
  }
  execute(args: { amount: number }): string {
    this.paid.push(args.amount);
    return `paid ${args.amount}`;
  }
}

/** A tool's needsApproval as the function the AI SDK calls. */
function approvalOf(
  aiTool: ToolSet[string],
): (input: unknown, options: { toolCallId: string; messages: []; experimental_context?: unknown }) => Promise<boolean> {
  const needsApproval = aiTool.needsApproval;
  if (typeof needsApproval !== 'function') throw new Error('needsApproval is not a function');
  return (input, options) => Promise.resolve(needsApproval(input, options));
}

describe('toAISDKTools', () => {
  it('runs a toolcraft tool inside generateText: the model is shown its schema exactly and sent its result', async () => {
    const add = new AddTool();
    const model = callingModel('add', { a: 3, b: 4 });
    const result = await generateText({ model, tools: toAISDKTools([add]), stopWhen: stepCountIs(3), prompt: 'What is 3 + 4?' });
    expect(result.text).toBe('Done.');
    expect(model.doGenerateCalls[0].tools).toEqual([
      { type: 'function', name: 'add', description: 'Adds two integers.', inputSchema: add.inputSchema },
    ]);
    expect(add.calls).toEqual([expect.objectContaining({ a: 3, b: 4 })]);
    expect(result.steps[0].toolResults).toMatchObject([{ toolCallId: 'call-1', toolName: 'add', output: { text: '7' } }]);
    expect(sentResult(model)).toEqual({ type: 'text', value: '7' });
  });

  it("makes an invalid call a tool-error whose message is toolcraft's violation text, which the model is sent", async () => {
    const add = new AddTool();
    const model = callingModel('add', { a: 1, b: 500 });
    const result = await generateText({ model, tools: toAISDKTools(ToolRegistry.of(add)), stopWhen: stepCountIs(3), prompt: 'Add.' });
    const failure = result.steps[0].content.find((part) => part.type === 'tool-error');
    expect(ToolcraftToolCallError.isInstance(failure?.error)).toBe(true);
    const error = failure!.error as ToolcraftToolCallError;
    expect(error.message).toMatch(/^Error: Invalid arguments for tool 'add':\n.*b.*100.*\nFix the arguments and call 'add' again\.$/s);
    expect(error.result).toMatchObject({ id: 'call-1', name: 'add', isError: true });
    expect(sentResult(model)).toEqual({ type: 'error-text', value: error.message });
    expect(add.calls).toEqual([]);
  });

  it("with errors: 'result', answers a failed call with an output marked isError, sent to the model as error-text", async () => {
    const model = callingModel('add', { a: 1, b: 500 });
    const result = await generateText({
      model,
      tools: toAISDKTools([new AddTool()], { errors: 'result' }),
      stopWhen: stepCountIs(3),
      prompt: 'Add.',
    });
    const output = result.steps[0].toolResults[0].output as ToolcraftToolOutput;
    expect(output.isError).toBe(true);
    expect(output.text).toContain("Invalid arguments for tool 'add'");
    expect(sentResult(model)).toEqual({ type: 'error-text', value: output.text });
  });

  it("keeps the tool's features: an interceptor's block reaches the model as the tool-error's text", async () => {
    const guard: Feature = {
      name: 'no-big-sums',
      install: (pipeline) => pipeline.onToolCallStarting(guard, () => ({ block: 'Sums are disabled today.' })),
    };
    const add = new AddTool();
    const model = callingModel('add', { a: 1, b: 2 });
    await generateText({ model, tools: toAISDKTools([add], { features: [guard] }), stopWhen: stepCountIs(3), prompt: 'Add.' });
    expect(sentResult(model)).toEqual({ type: 'error-text', value: expect.stringContaining('Sums are disabled today.') as unknown });
    expect(add.calls).toEqual([]);
  });

  it('sends a result with an image as content parts', async () => {
    const model = callingModel('chart', {});
    await generateText({ model, tools: toAISDKTools([new ChartTool()]), stopWhen: stepCountIs(3), prompt: 'Chart.' });
    expect(sentResult(model)).toEqual({
      type: 'content',
      value: [
        { type: 'text', text: 'The chart:' },
        { type: 'image-data', data: 'iVBORw0KGgo=', mediaType: 'image/png' },
      ],
    });
  });

  it("sends a result's URL strings as URLs and its data: URL strings as their base64 payload, as core's partData reads them", async () => {
    // A model that takes these URLs (else generateText downloads them).
    const model = new MockLanguageModelV3({
      supportedUrls: { '*': [/^https:\/\/example\.com\//] },
      doGenerate: [generated([toolCall('call-1', 'links', {})], finish('tool-calls')), generated([{ type: 'text', text: 'Done.' }])],
    });
    const result = await generateText({ model, tools: toAISDKTools([new LinksTool()]), stopWhen: stepCountIs(3), prompt: 'Links.' });
    expect((result.steps[0].toolResults[0].output as ToolcraftToolOutput).parts).toEqual([
      { type: 'image', url: 'https://example.com/chart.png', mediaType: 'image/png' },
      { type: 'image', data: 'UklGRg==', mediaType: 'image/webp' },
      { type: 'file', url: 'https://example.com/a.pdf', mediaType: 'application/pdf', filename: 'a.pdf' },
    ]);
    expect(sentResult(model)).toEqual({
      type: 'content',
      value: [
        { type: 'image-url', url: 'https://example.com/chart.png' },
        { type: 'image-data', data: 'UklGRg==', mediaType: 'image/webp' },
        { type: 'file-url', url: 'https://example.com/a.pdf', mediaType: 'application/pdf' },
      ],
    });
  });

  it("passes the AI SDK's toolCallId, and gives context-aware tools the experimental_context when it is an AgentContext", async () => {
    const model = callingModel('who_am_i', {});
    const result = await generateText({
      model,
      tools: toAISDKTools([new WhoAmITool()]),
      experimental_context: new AgentContext({ runId: 'run-1', agentName: 'support' }),
      stopWhen: stepCountIs(3),
      prompt: 'Who?',
    });
    expect(result.steps[0].toolResults[0].output).toEqual({ text: 'run-1/support/call-1' });
    const tools = toAISDKTools([new WhoAmITool()], {
      agentContext: ({ toolCallId }) => new AgentContext({ runId: `run-${toolCallId}`, agentName: 'x' }),
    });
    expect(await execute(tools, 'who_am_i', {})).toEqual({ text: 'run-call-9/x/call-9' });
    await expect(execute(toAISDKTools([new WhoAmITool()]), 'who_am_i', {})).rejects.toThrow(/AgentContext/);
  });

  it("cancels the call when the AI SDK's abort signal aborts", async () => {
    const wait = new WaitTool();
    const controller = new AbortController();
    const pending = execute(toAISDKTools([wait]), 'wait', {}, { abortSignal: controller.signal });
    await new Promise((resolve) => setImmediate(resolve));
    expect(wait.callIds).toEqual(['call-9']);
    controller.abort(new Error('user left'));
    await expect(pending).rejects.toMatchObject({ name: 'ToolcraftToolCallError', message: expect.stringMatching(/cancel/i) as unknown });
    expect(wait.signals[0].aborted).toBe(true);
  });

  it("keeps the tool's time limit", async () => {
    jest.useFakeTimers();
    try {
      const pending = execute(toAISDKTools([new WaitTool(50)]), 'wait', {});
      const settled = expect(pending).rejects.toMatchObject({ message: expect.stringMatching(/50 ?ms/) as unknown });
      await jest.advanceTimersByTimeAsync(60);
      await settled;
    } finally {
      jest.useRealTimers();
    }
  });

  it('asks for approval of a tool that needs it: the call waits for the approval response, then runs', async () => {
    class PayTool extends Tool<{ amount: number }, string> {
      readonly paid: number[] = [];
      constructor() {
        super({
          argsType: { type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] },
          name: 'pay',
          description: 'Pays.',
          effects: 'destructive',
          needsApproval: (args) => args.amount > 100,
        });
      }
      execute(args: { amount: number }): string {
        this.paid.push(args.amount);
        return `paid ${args.amount}`;
      }
    }
    const pay = new PayTool();
    const tools = toAISDKTools([pay]);
    const model = new MockLanguageModelV3({
      doGenerate: [
        generated([toolCall('call-1', 'pay', { amount: 500 })], finish('tool-calls')),
        generated([{ type: 'text', text: 'Paid.' }]),
      ],
    });
    const first = await generateText({ model, tools, stopWhen: stepCountIs(3), prompt: 'Pay 500.' });
    const request = first.content.find((part) => part.type === 'tool-approval-request');
    expect(request).toBeDefined();
    expect(pay.paid).toEqual([]);
    const messages: ModelMessage[] = [
      { role: 'user', content: 'Pay 500.' },
      ...first.response.messages,
      { role: 'tool', content: [{ type: 'tool-approval-response', approvalId: request!.approvalId, approved: true }] },
    ];
    const second = await generateText({ model, tools, stopWhen: stepCountIs(3), messages });
    expect(pay.paid).toEqual([500]);
    expect(second.text).toBe('Paid.');
  });

  it('reads an approval predicate as toolcraft does: a throw, a rejection or any answer but false asks, in generateText', async () => {
    const answers: Array<[string, ApprovalPredicate<Record<string, unknown>>, boolean]> = [
      [
        'throws',
        () => {
          throw new Error('policy service down');
        },
        true,
      ],
      ['rejects', () => Promise.reject(new Error('policy service down')), true],
      ['answers undefined', (() => undefined) as never, true],
      ['answers a string', (() => 'yes') as never, true],
      ['answers false', () => false, false],
    ];
    for (const [label, predicate, asks] of answers) {
      const pay = new PayTool(predicate);
      const model = callingModel('pay', { amount: 500 });
      const result = await generateText({ model, tools: toAISDKTools([pay]), stopWhen: stepCountIs(3), prompt: 'Pay 500.' });
      const asked = result.steps[0].content.some((part) => part.type === 'tool-approval-request');
      expect({ label, asked, paid: pay.paid }).toEqual({ label, asked: asks, paid: asks ? [] : [500] });
    }
  });

  it("asks for approval when a predicate does not answer within the call's time limit or the context's signal aborts", async () => {
    jest.useFakeTimers();
    try {
      const never = () => new Promise<boolean>(() => undefined);
      const limited = toAISDKTools([new PayTool(never)], { toolTimeoutMs: 200 });
      const asked = approvalOf(limited.pay)({ amount: 5 }, { toolCallId: 'call-1', messages: [] });
      const settled = jest.fn();
      void asked.then(settled);
      await jest.advanceTimersByTimeAsync(199);
      expect(settled).not.toHaveBeenCalled();
      await jest.advanceTimersByTimeAsync(1);
      await expect(asked).resolves.toBe(true);

      const controller = new AbortController();
      const context = new AgentContext({ runId: 'r1', agentName: 'app', signal: controller.signal });
      const unlimited = toAISDKTools([new PayTool(never)]);
      const waiting = approvalOf(unlimited.pay)({ amount: 5 }, { toolCallId: 'call-2', messages: [], experimental_context: context });
      controller.abort(new Error('the user left'));
      await expect(waiting).resolves.toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });

  it('gives a declaration-only tool no execute: the AI SDK returns its call to the app', async () => {
    const location = Tool.declaration({
      name: 'get_location',
      description: "The user's city.",
      inputSchema: { type: 'object', properties: {} },
    });
    const tools = toAISDKTools([location]);
    expect(tools.get_location.execute).toBeUndefined();
    const model = callingModel('get_location', {});
    const result = await generateText({ model, tools, stopWhen: stepCountIs(3), prompt: 'Where am I?' });
    expect(result.toolCalls).toMatchObject([{ toolCallId: 'call-1', toolName: 'get_location' }]);
    expect(result.toolResults).toEqual([]);
    expect(model.doGenerateCalls).toHaveLength(1);
  });

  it('runs toolcraft tools inside streamText', async () => {
    const add = new AddTool();
    const model = new MockLanguageModelV3({
      doStream: [
        streamed([
          { type: 'tool-call', toolCallId: 'call-1', toolName: 'add', input: '{"a":5,"b":6}' },
          {
            type: 'finish',
            finishReason: finish('tool-calls'),
            usage: {
              inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
              outputTokens: { total: 1, text: 1, reasoning: undefined },
            },
          },
        ]),
        streamed(textStream(['5 + 6 = 11.'])),
      ],
    });
    const result = streamText({ model, tools: toAISDKTools([add]), stopWhen: stepCountIs(3), prompt: 'What is 5 + 6?' });
    const parts: string[] = [];
    for await (const part of result.fullStream) parts.push(part.type);
    expect(await result.text).toBe('5 + 6 = 11.');
    expect(parts).toContain('tool-result');
    expect(add.calls).toEqual([expect.objectContaining({ a: 5, b: 6 })]);
    const prompt = promptOf(model.doStreamCalls[1]) as Array<{ role: string; content: Array<{ output?: unknown }> }>;
    expect(prompt.at(-1)!.content[0].output).toEqual({ type: 'text', value: '11' });
  });

  it('dispatches through a given AgentEnvironment, and refuses environment options beside it and sources that are not tools', () => {
    const environment = new AgentEnvironment({ registry: ToolRegistry.of(new AddTool()) });
    expect(Object.keys(toAISDKTools(environment))).toEqual(['add']);
    const refusals: unknown[] = [];
    for (const attempt of [
      () => toAISDKTools(environment, { toolTimeoutMs: 10 }),
      () => toAISDKTools('add' as never),
      () => toAISDKTools([], { errors: 'quiet' as never }),
    ]) {
      try {
        attempt();
      } catch (error) {
        refusals.push(error);
      }
    }
    expect(refusals.map((error) => OptionsError.isInstance(error))).toEqual([true, true, true]);
    expect((refusals[0] as Error).message).toContain(
      "toAISDKTools option 'toolTimeoutMs' must be left out when the tools come from an AgentEnvironment",
    );
    expect(() => toAISDKTools([new AddTool(), 42] as never)).toThrow(InvalidToolDefinitionError);
  });
});
