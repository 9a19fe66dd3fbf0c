import 'reflect-metadata';
import { IsInt, IsOptional } from 'class-validator';
import { Agent, AgentEnvironment, ModelCallError, SafeTool, Tool, type JsonSchema, ToolRegistry } from '../src/index.js';
import { ScriptedModel } from '@toolcraft/testing';
import { AddTool } from './support/calculator.js';

describe('Dispatch edge cases', () => {
  it('does not read inherited members for an optional property named like one (valueOf)', async () => {
    // Decorated by hand: TypeScript will not let a class declare a number property named valueOf.
    class Args {}
    IsOptional()(Args.prototype, 'valueOf');
    IsInt()(Args.prototype, 'valueOf');
    class Reader extends Tool<Args, string> {
      constructor() {
        super({ argsType: Args, name: 'reader', description: '' });
      }
      execute(args: Args): string {
        return String(Object.hasOwn(args, 'valueOf'));
      }
    }
    expect((await SafeTool.of(new Reader()).execute('{}')).content).toBe('false');
  });
});

describe('Explicit schemas', () => {
  type Team = Record<string, unknown>;
  class TeamTool extends Tool<Team, Team> {
    constructor(schema: JsonSchema) {
      super({ name: 'team', description: '', argsType: schema });
    }
    execute(args: Team): Team {
      return { own: Object.keys(args), protoIsObject: Object.getPrototypeOf(args) === Object.prototype, isAdmin: args.isAdmin };
    }
  }

  it('refuses __proto__ even when the schema lists no properties, so the prototype cannot be set', async () => {
    const tool = new TeamTool({ type: 'object', additionalProperties: { type: 'string' } });
    const result = await SafeTool.of(tool).execute('{"team":"a","__proto__":{"isAdmin":"yes"}}');
    expect(result.ok).toBe(false);
    expect(result.content).toContain("the key '__proto__' is not allowed");
  });

  it('drops undeclared properties at every depth', async () => {
    const tool = new TeamTool({ type: 'object', properties: { address: { type: 'object', properties: { city: { type: 'string' } } } } });
    const env = new AgentEnvironment({
      registry: ToolRegistry.of(
        new (class extends Tool<Team, Team> {
          constructor() {
            super({ name: 'address', description: '', argsType: tool.inputSchema });
          }
          execute(args: Team): Team {
            return args;
          }
        })(),
      ),
    });
    const result = await env.executeTool({ name: 'address', arguments: '{"address":{"city":"Paris","sql":"DROP TABLE"}}' });
    expect(result.value).toEqual({ address: { city: 'Paris' } });
  });

  it("never writes defaults into the caller's objects", async () => {
    const tool = new TeamTool({
      type: 'object',
      properties: { options: { type: 'object', properties: { limit: { type: 'integer', default: 10 } } } },
    });
    const options = {};
    await SafeTool.of(tool).execute({ options });
    expect(options).toEqual({});
  });

  it('can build two tools from one schema with an $id', () => {
    const schema: JsonSchema = { $id: 'https://example.com/team', type: 'object', properties: { name: { type: 'string' } } };
    expect(() => [new TeamTool(schema), new TeamTool(schema)]).not.toThrow();
  });
});

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
