import 'reflect-metadata';
import { ScriptedModel } from '@toolcraft/testing';
import { z } from 'zod';
import { Agent, ContextAwareTool, InvalidOutputError, type AgentContext, type ChatMessage } from '../../src/index.js';
import { Invoice } from './support.js';

const good = { total: 120, lines: [{ item: 'tea', cents: 120 }] };
const lastUser = (messages: readonly ChatMessage[]) => messages.filter((message) => message.role === 'user').at(-1)!.content as string;

describe('outputType: answers that do not fit', () => {
  it('sends the violations back as a user message (worded as for tool arguments) and takes the fixed answer', async () => {
    const model = new ScriptedModel([{ output: { total: -5, lines: [] } }, { output: good }]);
    const run = await new Agent({ model, outputType: Invoice }).run('Read the receipt');

    expect(run.stopReason).toBe('completed');
    expect(run.output).toBeInstanceOf(Invoice);
    expect(run.output?.total).toBe(120);
    expect(model.requests).toHaveLength(2);
    const feedback = lastUser(model.requests[1]!.messages);
    expect(feedback).toMatch(/^Error: Invalid output 'invoice':\n- 'total': /);
    expect(feedback).toMatch(/>= 0|at least 0/);
    expect(feedback).toMatch(/reply with only the JSON object/);
    // The model sees its own bad answer before the feedback.
    expect(model.requests[1]!.messages.slice(-2).map((message) => message.role)).toEqual(['assistant', 'user']);
    expect(run.state.toJSON()).toMatchObject({ outputRetries: 1 });
  });

  it('words the feedback for an answer, not for tool arguments', async () => {
    const deep = `${'['.repeat(40)}${']'.repeat(40)}`;
    for (const [text, expected] of [
      ['not json', /^Error: Invalid output 'invoice':\n- the answer: not valid JSON/],
      ['[1]', /- the answer: expected a JSON object, got an array/],
      [deep, /- the answer: it is nested deeper than 32 levels/],
      ['{"total": 1, "lines": [], "constructor": 1}', /the key 'constructor' is not allowed in the answer/],
    ] as const) {
      const model = new ScriptedModel([{ text }, { output: good }]);
      await new Agent({ model, outputType: Invoice }).run('x');
      const feedback = lastUser(model.requests[1]!.messages);
      expect(feedback).toMatch(expected);
      expect(feedback).not.toMatch(/argument/);
    }
  });

  it("stops with 'invalid_output' once the retries are spent, the violations on run.outputError and no output", async () => {
    const model = new ScriptedModel([{ text: 'The total is 120.' }, { output: { total: 'many', lines: [] } }]);
    const run = await new Agent({ model, outputType: Invoice }).run('x');

    expect(run.stopReason).toBe('invalid_output');
    expect('output' in run).toBe(false);
    expect(run.text).toBe('{"total":"many","lines":[]}');
    expect(InvalidOutputError.isInstance(run.outputError)).toBe(true);
    expect(run.outputError).toMatchObject({ outputName: 'invoice', attempts: 2 });
    expect(run.outputError!.violations.map((violation) => violation.path)).toEqual(['total']);
    expect(run.outputError!.message).toMatch(/^Invalid output 'invoice':\n- 'total'/);
    // The first answer was no JSON: the model was told so.
    expect(lastUser(model.requests[1]!.messages)).toMatch(/not valid JSON/);
  });

  it('with outputRetries 0 stops at the first bad answer without asking again', async () => {
    const model = new ScriptedModel([{ text: 'not json' }, { output: good }]);
    const run = await new Agent({ model, outputType: Invoice, outputRetries: 0 }).run('x');
    expect(run.stopReason).toBe('invalid_output');
    expect(model.requests).toHaveLength(1);
    expect(run.outputError).toMatchObject({ attempts: 1, violations: [expect.objectContaining({ constraint: 'json' })] });
  });

  it('retries as many times as outputRetries says, each retry a model call within maxIterations', async () => {
    const bad = { text: '{}' };
    const model = new ScriptedModel([bad, bad, bad, { output: good }]);
    const run = await new Agent({ model, outputType: Invoice, outputRetries: 3 }).run('x');
    expect(run.stopReason).toBe('completed');
    expect(model.requests).toHaveLength(4);

    const limited = new ScriptedModel([bad, bad, bad, { output: good }]);
    const stopped = await new Agent({ model: limited, outputType: Invoice, outputRetries: 3, maxIterations: 2 }).run('x');
    expect(stopped.stopReason).toBe('max_iterations');
    expect(stopped.output).toBeUndefined();
    expect(stopped.outputError).toBeUndefined();
  });

  it('takes an answer wrapped in a fenced ```json block (or a bare fence), and refuses an empty answer', async () => {
    const fenced = new ScriptedModel([{ text: '```json\n{"total": 7, "lines": []}\n```' }]);
    expect((await new Agent({ model: fenced, outputType: Invoice }).run('x')).output?.total).toBe(7);
    const bare = new ScriptedModel([{ text: '  ```\n{"total": 8, "lines": []}\n```  ' }]);
    expect((await new Agent({ model: bare, outputType: Invoice }).run('x')).output?.total).toBe(8);
    const empty = new ScriptedModel([{ text: '' }]);
    const run = await new Agent({ model: empty, outputType: Invoice, outputRetries: 0 }).run('x');
    expect(run.outputError?.violations[0]?.message).toMatch(/the answer is empty/);
  });

  it('keeps what a zod refine threw as the error’s cause', async () => {
    const boom = new Error('refine failed');
    const Sum = z.object({ total: z.number() }).refine(() => {
      throw boom;
    });
    const run = await new Agent({ model: new ScriptedModel([{ output: { total: 1 } }]), outputType: Sum, outputRetries: 0 }).run('x');
    expect(run.stopReason).toBe('invalid_output');
    expect(run.outputError?.cause).toBe(boom);
  });

  it('decodes the text of a tool that ends the run (skipSummarization), with no retry', async () => {
    const finish = new FinishTool();
    const ok = new ScriptedModel([{ toolCalls: [{ name: 'finish', arguments: { json: JSON.stringify(good) } }] }]);
    const run = await new Agent({ model: ok, tools: [finish], outputType: Invoice }).run('x');
    expect(run.stopReason).toBe('completed');
    expect(run.output).toBeInstanceOf(Invoice);

    const bad = new ScriptedModel([{ toolCalls: [{ name: 'finish', arguments: { json: '{"total": -1}' } }] }, { output: good }]);
    const refused = await new Agent({ model: bad, tools: [finish], outputType: Invoice }).run('x');
    expect(refused.stopReason).toBe('invalid_output');
    expect(refused.text).toBe('{"total": -1}');
    expect(refused.outputError?.violations.length).toBeGreaterThan(0);
    expect(bad.requests).toHaveLength(1);
  });
});

/** Ends the run with the JSON it is given (`skipSummarization`). */
class FinishTool extends ContextAwareTool<{ json: string }, string> {
  constructor() {
    super({
      name: 'finish',
      description: 'Ends the run with this answer.',
      argsType: { type: 'object', properties: { json: { type: 'string' } }, required: ['json'] },
    });
  }
  execute(args: { json: string }, context: AgentContext): string {
    context.actions.skipSummarization = true;
    return args.json;
  }
}
