import 'reflect-metadata';
import { ScriptedModel } from '@toolcraft/testing';
import { z } from 'zod';
import { Agent, type JsonSchema, type RunResult } from '../../src/index.js';
import { Invoice } from './support.js';

/**
 * `true` only when A and B are the same type (not merely assignable either way): the type checker
 * (`npm run typecheck`, which covers the tests) refuses `const same: Same<A, B> = true` otherwise.
 */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** What `agent.run` resolves to, for an agent. */
type RunOf<A extends Agent<unknown>> = Awaited<ReturnType<A['run']>>;

const model = new ScriptedModel([]);
const jsonSchema: JsonSchema = { type: 'object', properties: { total: { type: 'integer' } }, required: ['total'] };
const Receipt = z.object({ total: z.number().int(), shop: z.string().transform((shop) => shop.length) });

describe('Agent<TOutput>: inferred from outputType, no annotation needed', () => {
  it('is Agent<Class> for an Args class, and run.output is that class or undefined', () => {
    const agent = new Agent({ model, outputType: Invoice });
    const same: Same<typeof agent, Agent<Invoice>> = true;
    const output: Same<RunOf<typeof agent>['output'], Invoice | undefined> = true;
    expect([same, output]).toEqual([true, true]);
    expect(agent).toBeInstanceOf(Agent);
  });

  it("is Agent<z.infer<typeof schema>> for a zod schema (the schema's output, transforms applied)", () => {
    const agent = new Agent({ model, outputType: Receipt });
    const same: Same<typeof agent, Agent<z.infer<typeof Receipt>>> = true;
    const shop: Same<NonNullable<RunOf<typeof agent>['output']>['shop'], number> = true;
    expect([same, shop]).toEqual([true, true]);
    expect(agent).toBeInstanceOf(Agent);
  });

  it('is Agent<unknown> for { jsonSchema } and without an outputType, which plain Agent means; a type given is taken', () => {
    const fromSchema = new Agent({ model, outputType: { jsonSchema } });
    const plain = new Agent({ model });
    const given = new Agent<{ total: number }>({ model, outputType: { jsonSchema, name: 'sum' } });
    const checks: [
      Same<typeof fromSchema, Agent<unknown>>,
      Same<typeof plain, Agent<unknown>>,
      Same<Agent, Agent<unknown>>,
      Same<RunOf<typeof given>, RunResult<{ total: number }>>,
    ] = [true, true, true, true];
    expect(checks).toEqual([true, true, true, true]);
    for (const agent of [fromSchema, plain, given]) expect(agent).toBeInstanceOf(Agent);
  });

  it('refuses a type given that the outputType does not produce', () => {
    // @ts-expect-error an Invoice is not a string
    const wrong = new Agent<string>({ model, outputType: Invoice });
    expect(wrong).toBeInstanceOf(Agent);
  });
});
