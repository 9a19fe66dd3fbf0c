import { agentCalling } from './support.js';

describe('repairJson', () => {
  it.each([
    ['a trailing comma', '{"digit1": 3, "digit2": 4,}'],
    ['single quotes', "{'digit1': 3, 'digit2': 4}"],
    ['a missing closing brace', '{"digit1": 3, "digit2": 4'],
    ['a Markdown fence', '```json\n{"digit1": 3, "digit2": 4}\n```'],
  ])('mends %s, and the call runs', async (_fault, text) => {
    const { agent, seen } = agentCalling([{ id: 'c', name: 'calculator', arguments: text }], { repairJson: true });
    const run = await agent.run('add');
    expect(seen).toEqual([expect.objectContaining({ digit1: 3, digit2: 4 })]);
    expect(run.toolCalls[0]).toMatchObject({
      name: 'calculator',
      result: { content: '7', isError: false },
      repair: { by: ['jsonrepair'], original: { name: 'calculator', arguments: text } },
    });
    expect(JSON.parse(run.toolCalls[0]!.arguments)).toEqual({ digit1: 3, digit2: 4 });
  });

  it('puts the mended call in the transcript the model is sent next, with the same id', async () => {
    const { agent, model } = agentCalling([{ id: 'c', name: 'calculator', arguments: '{"digit1": 1, "digit2": 2,}' }], {
      repairJson: true,
    });
    await agent.run('add');
    const assistant = model.requests[1]!.messages.find((message) => message.role === 'assistant');
    expect(assistant).toMatchObject({ toolCalls: [{ id: 'c', name: 'calculator', arguments: '{"digit1": 1, "digit2": 2}' }] });
  });

  it('validates a mended call like any other', async () => {
    const { agent, seen } = agentCalling([{ id: 'c', name: 'calculator', arguments: '{"digit1": 30, "digit2": 4,}' }], {
      repairJson: true,
    });
    const run = await agent.run('add');
    expect(seen).toEqual([]);
    expect(run.toolCalls[0]!.result.isError).toBe(true);
    expect(run.toolCalls[0]!.result.content).toContain("'digit1'");
    expect(run.toolCalls[0]!.repair?.by).toEqual(['jsonrepair']);
  });

  it('leaves the JSON error for the model without repairJson (the default), and does not look at valid calls', async () => {
    const { agent, seen } = agentCalling([
      { id: 'bad', name: 'calculator', arguments: '{"digit1": 3, "digit2": 4,}' },
      { id: 'good', name: 'calculator', arguments: '{"digit1": 1, "digit2": 1}' },
    ]);
    const run = await agent.run('add');
    expect(seen).toHaveLength(1);
    expect(run.toolCalls[0]!.result.content).toContain('not valid JSON');
    expect(run.toolCalls.every((call) => call.repair === undefined)).toBe(true);
  });

  it('does not count prose turned into a JSON string as a mend: the model is told its arguments are not JSON', async () => {
    const { agent, seen } = agentCalling([{ id: 'c', name: 'calculator', arguments: 'three and four' }], { repairJson: true });
    const run = await agent.run('add');
    expect(seen).toEqual([]);
    expect(run.toolCalls[0]!.result.content).toContain('not valid JSON');
    expect(run.toolCalls[0]!.repair).toBeUndefined();
  });

  it('mends the JSON of a call repairToolCall renamed, and tells both', async () => {
    const { agent, seen } = agentCalling([{ id: 'c', name: 'calculater', arguments: "{'digit1': 3, 'digit2': 4}" }], {
      repairJson: true,
      repairToolCall: () => ({ name: 'calculator' }),
    });
    const run = await agent.run('add');
    expect(seen).toHaveLength(1);
    expect(run.toolCalls[0]!.repair).toEqual({
      by: ['repairToolCall', 'jsonrepair'],
      original: { name: 'calculater', arguments: "{'digit1': 3, 'digit2': 4}" },
    });
  });
});
