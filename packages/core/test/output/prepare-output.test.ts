import 'reflect-metadata';
import { ScriptedModel } from '@toolcraft/testing';
import { Agent, ProviderSchemaError, type ChatRequest, type ChatResponse, type ResponseFormat } from '../../src/index.js';
import { Invoice } from './support.js';

/** A model whose provider takes no `patternProperties` in structured output, like Gemini. */
class StrictProviderModel extends ScriptedModel {
  readonly prepared: ResponseFormat[] = [];
  readonly sent: Array<ResponseFormat | undefined> = [];
  prepareOutput(format: ResponseFormat): void {
    this.prepared.push(format);
    if (JSON.stringify(format.schema).includes('patternProperties'))
      throw new ProviderSchemaError({
        provider: 'test',
        toolName: format.name,
        path: '$.properties.tags',
        keyword: 'patternProperties',
        hint: 'declare the keys',
      });
  }
  override complete(request: ChatRequest): Promise<ChatResponse> {
    this.sent.push(request.responseFormat);
    return super.complete(request);
  }
}

describe('ChatModel.prepareOutput', () => {
  it('is given the output format once, at new Agent, and every request carries that same format object', async () => {
    const model = new StrictProviderModel([{ text: '{}' }, { output: { total: 1, lines: [] } }]);
    const agent = new Agent({ model, outputType: Invoice });
    expect(model.prepared).toHaveLength(1);
    expect(model.prepared[0]).toMatchObject({ name: 'invoice', strict: true, schema: { type: 'object' } });
    await agent.run('x');
    expect(model.sent).toHaveLength(2);
    expect(model.sent.every((format) => format === model.prepared[0])).toBe(true);
  });

  it('fails new Agent with the provider’s ProviderSchemaError when it cannot take the output', () => {
    const jsonSchema = {
      type: 'object',
      properties: { tags: { type: 'object', patternProperties: { '^[a-z]+$': { type: 'string' } } } },
    } as const;
    const build = () => new Agent({ model: new StrictProviderModel([]), outputType: { jsonSchema, name: 'tagged' } });
    expect(build).toThrow(ProviderSchemaError);
    expect(build).toThrow(/'patternProperties'/);
  });

  it('checks the models of the sub-agents too (they answer in the format after a handoff), each model once', () => {
    const shared = new StrictProviderModel([]);
    const other = new StrictProviderModel([]);
    const leaf = new Agent({ name: 'leaf', model: other });
    const middle = new Agent({ name: 'middle', model: shared, subAgents: [leaf] });
    new Agent({ name: 'root', model: shared, subAgents: [middle], outputType: Invoice });
    expect(shared.prepared.map((format) => format.name)).toEqual(['invoice']);
    expect(other.prepared.map((format) => format.name)).toEqual(['invoice']);
  });

  it('is not called for an agent without an outputType, and a model without it is sent the format unchecked', async () => {
    const model = new StrictProviderModel([{ text: 'hi' }]);
    new Agent({ model });
    expect(model.prepared).toEqual([]);
    const plain = new ScriptedModel([{ output: { total: 1, lines: [] } }]);
    const run = await new Agent({ model: plain, outputType: Invoice }).run('x');
    expect(run.output).toBeInstanceOf(Invoice);
  });
});
