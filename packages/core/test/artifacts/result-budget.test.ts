import 'reflect-metadata';
import { ScriptedModel } from '@toolcraft/testing';
import {
  Agent,
  InvalidAgentOptionsError,
  InvalidToolDefinitionError,
  SimpleTool,
  Tool,
  ToolRegistry,
  type ChatRequest,
} from '@toolcraft/core';
import { LLMDescription, Tool as ToolMethod } from '@toolcraft/core/annotations';

const report = Array.from({ length: 120 }, (_, index) => `line ${String(index).padStart(3, '0')}`).join('\n');

class ReportTool extends Tool<Record<string, never>, string> {
  constructor(options: { resultBudget?: { maxChars: number; spill?: boolean } } = {}) {
    super({ name: 'report', description: 'A long report.', argsType: { type: 'object', properties: {} }, ...options });
  }
  execute(): string {
    return report;
  }
}

class ShortTool extends SimpleTool<Record<string, never>> {
  constructor() {
    super({ name: 'short', description: 'A short answer.', argsType: { type: 'object', properties: {} } });
  }
  execute(): string {
    return 'short';
  }
}

const lastToolMessage = (request: ChatRequest) => request.messages.at(-1)!;

describe('resultBudget', () => {
  it('gives the model the head plus a note naming the artifact and its size; read_artifact pages through it exactly', async () => {
    const pages: string[] = [];
    const model = new ScriptedModel([
      {
        toolCalls: [
          { id: 'c1', name: 'report' },
          { id: 'c2', name: 'short' },
        ],
      },
      ...Array.from({ length: 10 }, (_, index) => (index + 1) * 100).map((offset) => ({
        toolCalls: [{ name: 'read_artifact', arguments: { name: 'tool-result-c1', offset, length: 100 } }],
      })),
      { text: 'read it all' },
    ]);
    const agent = new Agent({
      model,
      registry: ToolRegistry.of(new ReportTool(), new ShortTool()),
      resultBudget: { maxChars: 100, spill: true },
      maxIterations: 20,
    });
    expect(agent.toolDefinitions.map((definition) => definition.name)).toEqual(['report', 'short', 'read_artifact']);
    const run = await agent.run('Read the report.');

    const seen = model.requests[1]!.messages.filter((message) => message.role === 'tool');
    expect(seen[0]!.content).toBe(
      `${report.slice(0, 100)}\n[Result cut: ${report.length} characters in all, the first 100 shown above. The whole result is saved as artifact 'tool-result-c1' (${report.length} characters); read on with read_artifact({ "name": "tool-result-c1", "offset": 100, "length": 100 }).]`,
    );
    expect(seen[1]!.content).toBe('short');
    for (const request of model.requests.slice(2)) pages.push(lastToolMessage(request).content as string);
    expect(report.slice(0, 100) + pages.join('')).toBe(report);
    expect(run.toolCalls[0]!.result.value).toBe(report);
    expect(run.text).toBe('read it all');
  });

  it('lets a tool’s own budget win over the agent’s, and cuts without saving when spill is false', async () => {
    const model = new ScriptedModel([{ toolCalls: [{ name: 'report' }] }, { text: 'ok' }]);
    const agent = new Agent({
      model,
      registry: ToolRegistry.of(new ReportTool({ resultBudget: { maxChars: 20, spill: false } })),
      resultBudget: { maxChars: 5_000 },
    });
    await agent.run('go');
    expect(lastToolMessage(model.requests[1]!).content).toBe(
      `${report.slice(0, 20)}\n[Result cut: ${report.length} characters in all, the first 20 shown above.]`,
    );
  });

  it('takes a budget on an @Tool method too', async () => {
    class Reports {
      @ToolMethod({ resultBudget: { maxChars: 20, spill: false } })
      @LLMDescription('Writes the report.')
      report(): string {
        return report;
      }
    }
    const model = new ScriptedModel([{ toolCalls: [{ name: 'report' }] }, { text: 'ok' }]);
    await new Agent({ model, tools: [new Reports()] }).run('go');
    expect(lastToolMessage(model.requests[1]!).content).toBe(
      `${report.slice(0, 20)}\n[Result cut: ${report.length} characters in all, the first 20 shown above.]`,
    );
  });

  it('offers read_artifact only when a result may be spilled', () => {
    const model = new ScriptedModel([]);
    const names = (agent: Agent) => agent.toolDefinitions.map((definition) => definition.name);
    expect(names(new Agent({ model, registry: ToolRegistry.of(new ReportTool()) }))).toEqual(['report']);
    expect(names(new Agent({ model, registry: ToolRegistry.of(new ReportTool()), resultBudget: { maxChars: 10, spill: false } }))).toEqual([
      'report',
    ]);
    expect(names(new Agent({ model, registry: ToolRegistry.of(new ReportTool({ resultBudget: { maxChars: 10 } })) }))).toEqual([
      'report',
      'read_artifact',
    ]);
  });

  it('answers read_artifact of an unknown artifact or past its end with an error the model can act on', async () => {
    const model = new ScriptedModel([
      { toolCalls: [{ id: 'c1', name: 'report' }] },
      { toolCalls: [{ name: 'read_artifact', arguments: { name: 'nope' } }] },
      { toolCalls: [{ name: 'read_artifact', arguments: { name: 'tool-result-c1', offset: 99_999 } }] },
      { text: 'ok' },
    ]);
    const run = await new Agent({ model, registry: ToolRegistry.of(new ReportTool()), resultBudget: { maxChars: 10 } }).run('go');
    expect(run.toolCalls[1]!.result).toMatchObject({
      isError: true,
      content: expect.stringContaining("There is no artifact 'nope'. Artifacts: tool-result-c1."),
    });
    expect(run.toolCalls[2]!.result.content).toContain(
      `Offset 99999 is past the end of artifact 'tool-result-c1', which has ${report.length} characters.`,
    );
  });

  it('refuses a budget that is not a whole number of characters', () => {
    const model = new ScriptedModel([]);
    expect(() => new Agent({ model, registry: ToolRegistry.EMPTY, resultBudget: { maxChars: 0 } })).toThrow(InvalidAgentOptionsError);
    expect(() => new ReportTool({ resultBudget: { maxChars: 1.5 } })).toThrow(InvalidToolDefinitionError);
  });
});
