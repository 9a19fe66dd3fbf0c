import 'reflect-metadata';
import { setFlagsFromString } from 'node:v8';
import { AgentEnvironment, ToolArgumentsError, ToolRegistry } from '../src/index.js';
import { AddTool } from './support/calculator.js';

setFlagsFromString('--allow-natives-syntax');
// V8's own view: both objects share one hidden class and keep fast properties (an object literal with a
// getter is a new function per call, which turned every invalid-arguments result into a dictionary object).
// eslint-disable-next-line @typescript-eslint/no-implied-eval
const haveOneFastShape = new Function('a', 'b', 'return %HaveSameMap(a, b) && %HasFastProperties(a);') as (a: object, b: object) => boolean;

function environmentWith(body: ConstructorParameters<typeof AddTool>[1]): AgentEnvironment {
  return new AgentEnvironment({ registry: ToolRegistry.of(new AddTool('calculator', body)) });
}

const valid = { id: 'call_1', name: 'calculator', arguments: '{"digit1":3,"digit2":4}' };

describe('executeCall (fast path: no limit, no signal, no feature)', () => {
  it('answers a tool that returns a value synchronously, an async one and one that returns a thenable alike', async () => {
    const expected = { id: 'call_1', name: 'calculator', content: '7', isError: false, value: 7 };
    await expect(environmentWith((args) => args.digit1 + args.digit2).executeTool(valid)).resolves.toEqual(expected);
    await expect(environmentWith(async (args) => args.digit1 + args.digit2).executeTool(valid)).resolves.toEqual(expected);
    const thenable = { then: (resolve: (value: number) => void) => resolve(7) } as unknown as Promise<number>;
    await expect(environmentWith(() => thenable).executeTool(valid)).resolves.toEqual(expected);
  });

  it('turns a tool that throws, rejects or returns a thenable whose then throws into an error result, never a rejection', async () => {
    const throwingThen = {
      get then(): never {
        throw new Error('then getter failed');
      },
    } as unknown as Promise<number>;
    const bodies: ConstructorParameters<typeof AddTool>[1][] = [
      () => {
        throw new RangeError('sync failure');
      },
      () => Promise.reject(new RangeError('async failure')),
      () => throwingThen,
    ];
    const results = await Promise.all(bodies.map((body) => environmentWith(body).executeTool(valid)));
    expect(results.map((result) => [result.isError, result.content])).toEqual([
      [true, "Error: tool 'calculator' failed: sync failure"],
      [true, "Error: tool 'calculator' failed: async failure"],
      [true, "Error: tool 'calculator' failed: then getter failed"],
    ]);
  });

  it('formats a number like JSON: NaN and the infinities as null, -0 as 0', async () => {
    const contents = await Promise.all(
      [Number.NaN, Number.POSITIVE_INFINITY, -0, 1e21, 0.5].map(
        async (value) => (await environmentWith(() => value).executeTool(valid)).content,
      ),
    );
    expect(contents).toEqual(['null', 'null', '0', '1e+21', '0.5']);
  });
});

describe('invalidArgumentsResult', () => {
  it('gives every invalid-arguments result one shape, with error an own enumerable property built once', async () => {
    const env = environmentWith((args) => args.digit1 + args.digit2);
    const first = await env.executeTool({ id: 'call_1', name: 'calculator', arguments: '{"digit1":"x","digit2":42}' });
    const second = await env.executeTool({ id: 'call_2', name: 'calculator', arguments: '{"digit1":1}' });
    expect(haveOneFastShape(first, second)).toBe(true);
    expect(Object.keys(first)).toEqual(['id', 'name', 'content', 'isError', 'error']);
    expect(ToolArgumentsError.isInstance(first.error)).toBe(true);
    expect(first.error).toBe(first.error);
    expect((first.error as ToolArgumentsError).violations.map((violation) => violation.path)).toEqual(['digit1', 'digit2']);
    expect({ ...second }).toEqual({ id: 'call_2', name: 'calculator', content: second.content, isError: true, error: second.error });
  });
});
