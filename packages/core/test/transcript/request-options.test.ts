import 'reflect-metadata';
import {
  Agent,
  InvalidAgentOptionsError,
  InvalidRunOptionsError,
  ProviderSchemaError,
  type AnyTool,
  type ChatModel,
  type ChatRequest,
  type ChatResponse,
  type ToolDefinition,
  type Toolset,
} from '../../src/index.js';
import { EchoTool } from '../support/echo-tool.js';

/** A model that records what each request asked for and answers with text. */
class RecordingModel implements ChatModel {
  readonly requests: ChatRequest[] = [];
  readonly prepared: Array<readonly string[]> = [];
  constructor(private readonly refuse?: string) {}
  prepareTools(tools: readonly ToolDefinition[]): void {
    this.prepared.push(tools.map((tool) => tool.name));
    const refused = tools.find((tool) => tool.name === this.refuse);
    if (refused !== undefined)
      throw new ProviderSchemaError({ provider: 'test', toolName: refused.name, path: '$', keyword: 'type', hint: 'refused by the test' });
  }
  complete(request: ChatRequest): Promise<ChatResponse> {
    this.requests.push(request);
    return Promise.resolve({ message: { role: 'assistant', content: 'ok' } });
  }
}

class OneToolset implements Toolset {
  readonly name = 'one';
  constructor(private readonly tool: AnyTool) {}
  getTools(): AnyTool[] {
    return [this.tool];
  }
}

describe('model settings and provider options', () => {
  it("reach every request: the agent's, with a run's winning per setting and per key", async () => {
    const model = new RecordingModel();
    const agent = new Agent({
      model,
      modelSettings: { temperature: 0.2, maxOutputTokens: 100 },
      providerOptions: { test: { a: 1 }, other: true },
    });
    await agent.run('x');
    expect(model.requests[0]!.settings).toEqual({ temperature: 0.2, maxOutputTokens: 100 });
    expect(model.requests[0]!.providerOptions).toEqual({ test: { a: 1 }, other: true });
    await agent.run('x', { modelSettings: { temperature: 0.9, seed: 7 }, providerOptions: { test: { b: 2 } } });
    expect(model.requests[1]!.settings).toEqual({ temperature: 0.9, maxOutputTokens: 100, seed: 7 });
    expect(model.requests[1]!.providerOptions).toEqual({ test: { b: 2 }, other: true });
  });

  it('are absent from a request when none are set', async () => {
    const model = new RecordingModel();
    await new Agent({ model }).run('x');
    expect('settings' in model.requests[0]!).toBe(false);
    expect('providerOptions' in model.requests[0]!).toBe(false);
  });

  it('refuse an impossible setting, naming it and what it must be', async () => {
    expect(() => new Agent({ model: new RecordingModel(), modelSettings: { topP: 2 } })).toThrow(InvalidAgentOptionsError);
    expect(() => new Agent({ model: new RecordingModel(), modelSettings: { topP: 2 } })).toThrow(
      /modelSettings\.topP.*a number from 0 to 1/,
    );
    expect(() => new Agent({ model: new RecordingModel(), modelSettings: { temprature: 1 } as never })).toThrow(/no such setting/);
    const agent = new Agent({ model: new RecordingModel() });
    await expect(agent.run('x', { modelSettings: { maxOutputTokens: 1.5 } })).rejects.toThrow(InvalidRunOptionsError);
    await expect(agent.run('x', { providerOptions: [] as never })).rejects.toThrow(/providerOptions/);
  });
});

describe('ChatModel.prepareTools', () => {
  it("is given the agent's tools when the agent is built, and its refusal fails new Agent", () => {
    const model = new RecordingModel();
    new Agent({ model, tools: [new EchoTool('echo')] });
    expect(model.prepared).toEqual([['echo']]);
    expect(() => new Agent({ model: new RecordingModel('echo'), tools: [new EchoTool('echo')] })).toThrow(ProviderSchemaError);
    expect(() => new Agent({ model: new RecordingModel('echo'), tools: [new EchoTool('echo')] })).toThrow(
      "Tool 'echo' cannot be sent to test: at $, 'type': refused by the test",
    );
  });

  it("is given a toolset's tools when their set is first built, once, and its refusal fails the run before any request", async () => {
    const model = new RecordingModel();
    const agent = new Agent({ model, tools: [new EchoTool('echo'), new OneToolset(new EchoTool('more'))] });
    await agent.run('x');
    await agent.run('y');
    expect(model.prepared).toEqual([['echo'], ['echo', 'more']]);
    const refusing = new RecordingModel('more');
    const failing = new Agent({ model: refusing, tools: [new EchoTool('echo'), new OneToolset(new EchoTool('more'))] });
    await expect(failing.run('x')).rejects.toThrow(ProviderSchemaError);
    expect(refusing.requests).toHaveLength(0);
  });
});
