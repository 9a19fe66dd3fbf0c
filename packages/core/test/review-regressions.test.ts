import 'reflect-metadata';
import { Agent, ModelCallError, ToolRegistry } from '../src/index.js';
import { ScriptedModel } from '@toolcraft/testing';
import { AddTool } from './support/calculator.js';

describe('Tool options', () => {
  it('refuses a timeoutMs that is not above 0', () => {
    expect(() => new AddTool('calculator', undefined, 0)).toThrow(/timeoutMs must be a number above 0/);
  });
});

describe('Agent edge cases', () => {
  it('gives up at once, with the model error, when a retry would wait past maxDurationMs', async () => {
    const model = new ScriptedModel([
      { error: new ModelCallError('rate limited', { retryable: true, status: 429, retryAfterMs: 20_000 }) },
      { text: 'late' },
    ]);
    const started = Date.now();
    const error = await new Agent({ model, registry: ToolRegistry.EMPTY, maxDurationMs: 300 }).run('hi').catch((caught: unknown) => caught);
    expect(Date.now() - started).toBeLessThan(250);
    expect(ModelCallError.isInstance(error) && error.message).toMatch(
      /failed after 1 attempt \(the next retry would come after the run's maxDurationMs\).*rate limited/,
    );
    expect((error as ModelCallError).status).toBe(429);
  });
});
