import 'reflect-metadata';
import { runAISDKTools } from '../src/frameworks/ai-sdk-tools.js';

describe('AI SDK tools example', () => {
  it("runs a toolcraft tool in generateText (the bad call answered with toolcraft's violations) and an AI SDK tool in a toolcraft agent", async () => {
    const lines: string[] = [];
    const { generated, run } = await runAISDKTools((line) => lines.push(line));
    expect(generated.text).toBe('Tomorrow in Paris: 18°C and light rain.');
    expect(lines[0]).toMatch(/^tool error for the model: Error: Invalid arguments for tool 'forecast':\n.*units/s);
    expect(lines[1]).toBe('tool result: {"text":"Paris: 18°C, light rain"}');
    expect(run.text).toBe('100 EUR is 108 USD.');
    expect(run.toolCalls[0].result.content).toBe('{"amount":108,"currency":"USD","rate":"1 EUR = 1.08 USD"}');
    expect(lines.at(-1)).toBe('agent: 100 EUR is 108 USD.');
  });
});
