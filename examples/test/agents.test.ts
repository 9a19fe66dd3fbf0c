import 'reflect-metadata';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScriptedModel } from '@toolcraft/testing';
import { calculatorQuestion, calculatorScript, createCalculatorAgent } from '../src/agents/calculator-agent.js';
import { PackingAdvice } from '../src/agents/packing-agent.js';
import { createTodoAgent, TodoService } from '../src/agents/service-agent.js';
import { createWeatherAgent, weatherScript } from '../src/agents/weather-agent.js';
import { weatherInstructions } from '../src/agents/weather-service.js';
import { runDemo } from '../src/demo.js';
import { runFormatterExample } from '../src/formatter-example.js';
import { modelFromEnv } from '../src/model-from-env.js';
import { TracingFeature } from '../src/tools/tracing-feature.js';

describe('calculator agent', () => {
  let workspace: string;
  beforeEach(async () => {
    workspace = await mkdtemp(join(tmpdir(), 'toolcraft-agent-'));
    await writeFile(join(workspace, 'notes.md'), '# Notes\n\nTODO\n');
  });
  afterEach(() => rm(workspace, { recursive: true, force: true }));

  it('answers every call of a turn, lets the model fix a bad argument, and edits the file', async () => {
    const model = new ScriptedModel(calculatorScript);
    const tracing = new TracingFeature();
    const run = await createCalculatorAgent(model, workspace, [tracing]).run(calculatorQuestion);
    expect(run.stopReason).toBe('completed');
    expect(run.toolCalls.map((call) => [call.name, call.result.isError])).toEqual([
      ['calculator', false],
      ['cast_to_double', false],
      ['span_aware_calculator', true],
      ['span_aware_calculator', false],
      ['tracing_calculator', false],
      ['edit_file', false],
    ]);
    expect(model.requests[1]!.messages.filter((message) => message.role === 'tool').map((message) => message.content)).toEqual([
      '7',
      'Result: 2.5',
      expect.stringContaining("'digit2': must be at most 9, got number 12"),
    ]);
    expect(run.toolCalls[3]!.result.value).toEqual({ sum: 7, spanId: 'span-3' });
    expect(run.stateDelta).toEqual({ 'calculator.calls': 1 });
    expect(await readFile(join(workspace, 'notes.md'), 'utf8')).toBe('# Notes\n\n3 + 4 = 7\n');
  });

  it('shows the model every tool with its schema', async () => {
    const model = new ScriptedModel([{ text: 'nothing to do' }]);
    await createCalculatorAgent(model, workspace).run('hi');
    expect(model.requests[0]!.tools.map((tool) => tool.name)).toEqual([
      'calculator',
      'cast_to_double',
      'tracing_calculator',
      'span_aware_calculator',
      'edit_file',
    ]);
  });
});

describe('weather-report and sentiment agent', () => {
  it('gets an error status for an unknown city and the instructions tell the model how to handle it', async () => {
    const model = new ScriptedModel(weatherScript);
    const run = await createWeatherAgent(model).run('Weather in London and Atlantis?');
    expect(model.requests[0]!.messages[0]).toEqual({ role: 'system', content: weatherInstructions });
    expect(run.toolCalls.map((call) => call.result.value)).toEqual([
      { status: 'success', report: 'It is cloudy in London with a temperature of 15 °C.' },
      { status: 'error', error_message: "Weather information for 'Atlantis' is not available." },
      { status: 'success', sentiment: 'negative', confidence: 0.7 },
    ]);
    expect(run.text).toContain('no weather information for Atlantis');
  });
});

describe('service class agent', () => {
  it('calls annotated methods on the service, with an Args class, a plain parameter and the injected context', async () => {
    const service = new TodoService();
    const model = new ScriptedModel([
      {
        toolCalls: [
          { name: 'add_todo', arguments: { title: 'write tests', priority: 'high' } },
          { name: 'add_todo', arguments: { title: 'ship' } },
        ],
      },
      {
        toolCalls: [
          { name: 'complete_todo', arguments: { id: 1 } },
          { name: 'complete_todo', arguments: { id: 9 } },
        ],
      },
      { toolCalls: [{ name: 'list_todos' }] },
      { text: 'Done.' },
    ]);
    const run = await createTodoAgent(model, service).run('Plan my day');
    expect(run.toolCalls.map((call) => call.result.content)).toEqual([
      'Added #1 (high): write tests',
      'Added #2 (normal): ship',
      'Done: #1 write tests',
      "Error: tool 'complete_todo' failed: there is no to-do #9; ids so far: 1, 2",
      '[{"id":1,"title":"write tests","priority":"high","done":true},{"id":2,"title":"ship","priority":"normal","done":false}]',
    ]);
    expect(run.stateDelta).toEqual({ 'todo.last_added': 2 });
  });
});

describe('custom result formatter', () => {
  it('formats a Table result as Markdown once registered on the environment', async () => {
    const [plain, formatted] = await runFormatterExample(() => undefined);
    expect(plain.content).toBe('{"columns":["product","stock"],"rows":[["apples",12],["pears",0],["plums",7],["figs",3]]}');
    expect(formatted.content).toBe(
      ['| product | stock |', '| --- | --- |', '| apples | 12 |', '| pears | 0 |', '| plums | 7 |', '(1 more rows not shown)'].join('\n'),
    );
  });
});

describe('demo (npm start)', () => {
  it('says in its first line that it runs offline, and prints calls, marked errors, answers and usage', async () => {
    const lines: string[] = [];
    const runs = await runDemo((line) => lines.push(line), {});
    expect(lines[0]).toMatch(/^Running offline on a scripted model/);
    const text = lines.join('\n');
    expect(text).toContain('user> Add 3 and 4');
    expect(text).toContain('tool call call_1: calculator({"digit1":3,"digit2":4})');
    expect(text).toContain('ERROR result call_3 from span_aware_calculator');
    expect(text).toContain('assistant> 3 + 4 = 7');
    expect(text).toMatch(/\[stop: completed; 6 tool calls; tokens: \d+ in, \d+ out; \d+ ms\]/);
    expect(runs.map((run) => run.stopReason)).toEqual(['completed', 'completed', 'completed', 'completed', 'completed']);
  });

  it('ends with a typed answer: the packing agent’s run.output, a PackingAdvice, printed by its own method', async () => {
    const lines: string[] = [];
    const runs = await runDemo((line) => lines.push(line), {});
    const typed = lines.findIndex((line) => line.startsWith('typed answer> '));
    expect(lines[typed]).toBe('typed answer> Paris, 17 °C: wear a light jacket, and take an umbrella.');
    expect(lines.slice(typed + 1).every((line) => line === '' || line.startsWith('\nDone in '))).toBe(true);
    expect(runs[4]!.output).toBeInstanceOf(PackingAdvice);
  });

  it('shows one approval pause: the deletions wait, the state is saved, and the resumed run deletes', async () => {
    const lines: string[] = [];
    const runs = await runDemo((line) => lines.push(line), {});
    const text = lines.join('\n');
    expect(text).toContain('stop reason: interrupted');
    expect(text).toContain('  waiting for approval: delete_file {"name":"build.log"}');
    expect(text).toContain('  waiting for approval: delete_file {"name":"debug.log"}');
    expect(text).toContain('assistant> Done: deleted build.log; deleted debug.log.');
    expect(runs[2]!.toolCalls.map((call) => call.name)).toEqual(['list_files', 'delete_file', 'delete_file']);
  });

  it('shows one handoff: the urgent ticket goes to the support agent, which answers', async () => {
    const lines: string[] = [];
    const runs = await runDemo((line) => lines.push(line), {});
    expect(lines).toContain('handoff: customer_service -> support (transfer)');
    expect(runs[3]!.agentName).toBe('support');
  });

  it('uses the real model when OPENAI_API_KEY is set', () => {
    const chosen = modelFromEnv([], { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', OPENAI_MODEL: 'local-model' });
    expect(chosen.offline).toBe(false);
    expect(chosen.banner).toBe('Using model local-model at http://127.0.0.1:9/v1 (OPENAI_API_KEY is set).');
  });

  it('picks Gemini, then Anthropic, then OpenAI from the keys set, and stays offline without any', () => {
    const gemini = modelFromEnv([], { GEMINI_API_KEY: 'g', ANTHROPIC_API_KEY: 'a', OPENAI_API_KEY: 'o' });
    expect([gemini.model.provider, gemini.model.modelId, gemini.offline]).toEqual(['gcp.gemini', 'gemini-2.5-flash', false]);
    const anthropic = modelFromEnv([], { ANTHROPIC_API_KEY: 'a', ANTHROPIC_MODEL: 'claude-haiku-4-5', OPENAI_API_KEY: 'o' });
    expect([anthropic.model.provider, anthropic.model.modelId]).toEqual(['anthropic', 'claude-haiku-4-5']);
    expect(modelFromEnv([], { OPENAI_API_KEY: 'o' }).model.provider).toBe('openai');
    expect(modelFromEnv([], {}).offline).toBe(true);
  });
});
