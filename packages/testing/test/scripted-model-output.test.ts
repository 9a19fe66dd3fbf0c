import type { ChatRequest } from '@toolcraft/core';
import { InvalidScriptedTurnError, ScriptedModel } from '../src/index';

const request = (extra: Partial<ChatRequest> = {}): ChatRequest => ({ messages: [{ role: 'user', content: 'x' }], tools: [], ...extra });
const responseFormat = {
  name: 'invoice',
  schema: { type: 'object' as const, properties: { total: { type: 'integer' as const } } },
  strict: true,
};

describe('ScriptedModel structured answers and request options', () => {
  it('answers an { output } turn with the JSON text of the value, streamed too', async () => {
    const model = new ScriptedModel([{ output: { total: 120 } }, { output: { total: 1 } }], { chunkSize: 3 });
    expect((await model.complete(request())).message).toEqual({ role: 'assistant', content: '{"total":120}' });
    let streamed = '';
    for await (const event of model.stream(request())) if (event.type === 'text_delta') streamed += event.delta;
    expect(streamed).toBe('{"total":1}');
  });

  it('records the responseFormat, settings and providerOptions of each request, as copies', async () => {
    const model = new ScriptedModel([{ output: { total: 1 } }, { text: 'plain' }]);
    const settings = { temperature: 0.1, stopSequences: ['END'] };
    const providerOptions = { test: { mode: 'a' } };
    await model.complete(request({ responseFormat, settings, providerOptions }));
    settings.stopSequences.push('changed');
    providerOptions.test.mode = 'changed';
    expect(model.requests[0]).toMatchObject({
      responseFormat,
      settings: { temperature: 0.1, stopSequences: ['END'] },
      providerOptions: { test: { mode: 'a' } },
    });
    expect(model.requests[0]!.responseFormat).not.toBe(responseFormat);

    await model.complete(request());
    expect(Object.keys(model.requests[1]!)).toEqual(['messages', 'tools']);
  });

  it('refuses a turn with both text and output, or an output that is not JSON', () => {
    expect(() => new ScriptedModel([{ text: 'a', output: {} }])).toThrow(InvalidScriptedTurnError);
    expect(() => new ScriptedModel([{ text: 'a', output: {} }])).toThrow(/text or output, not both/);
    expect(() => new ScriptedModel([{ output: () => 1 }])).toThrow(/output must be a JSON value/);
    expect(() => new ScriptedModel([{ output: 10n }])).toThrow(/output must be a JSON value/);
  });
});
