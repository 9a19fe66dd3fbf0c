import 'reflect-metadata';
import fc from 'fast-check';
import { z } from 'zod';
import { defaultArgumentLimits, Tool } from '../src/index.js';

const Args = z.object({
  n: z.number().int().min(0).max(9),
  s: z.string().max(5).optional(),
  tags: z
    .array(z.enum(['a', 'b']))
    .max(3)
    .optional(),
  nested: z.object({ x: z.boolean() }).optional(),
});

class ArgsTool extends Tool<z.output<typeof Args>, string> {
  constructor() {
    super({ name: 'args', description: 'Args.', argsType: Args });
  }
  execute(): string {
    return 'ok';
  }
}

const decoder = new ArgsTool().argsDecoder;

/** What the model's arguments mean once cleaned: undeclared keys dropped, null for an optional one absent. */
function cleaned(input: Record<string, unknown>): Record<string, unknown> {
  const output: Record<string, unknown> = {};
  for (const key of ['n', 's', 'tags', 'nested']) {
    if (!Object.hasOwn(input, key)) continue;
    const value = input[key];
    if (value === null && key !== 'n') continue;
    if (key === 'nested' && typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const nested = value as Record<string, unknown>;
      output[key] = Object.hasOwn(nested, 'x') ? { x: nested.x } : {};
    } else output[key] = value;
  }
  return output;
}

const value = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.integer({ min: -2, max: 12 }), fc.string({ maxLength: 120 }));
const args = fc.record(
  {
    n: value,
    s: value,
    tags: fc.oneof(value, fc.array(fc.oneof(fc.constant('a'), fc.constant('b'), value), { maxLength: 5 })),
    nested: fc.oneof(value, fc.record({ x: value, y: value }, { requiredKeys: [] })),
    extra: value,
  },
  { requiredKeys: [] },
);

describe('Standard Schema decoder (property)', () => {
  it('accepts exactly what zod accepts after cleaning, and words every refusal within the bounds', () => {
    fc.assert(
      fc.property(args, (input) => {
        const text = JSON.stringify(input);
        fc.pre(!/"(?:__proto__|constructor|prototype)":/.test(text)); // refused before any validator: covered elsewhere
        const outcome = decoder.decode(text, defaultArgumentLimits);
        const expected = Args.safeParse(cleaned(input));
        expect(outcome.ok).toBe(expected.success);
        if (outcome.ok) {
          expect(outcome.value).toEqual(expected.data);
          return;
        }
        expect(outcome.violations.length).toBeGreaterThan(0);
        expect(outcome.violations.length).toBeLessThanOrEqual(defaultArgumentLimits.maxViolations + 1);
        for (const violation of outcome.violations) {
          expect(violation.message.startsWith(violation.path === '' ? 'arguments: ' : `'${violation.path}': `)).toBe(true);
          expect(violation.message.length).toBeLessThan(300);
          expect(['n', 's', 'tags', 'nested']).toContain(violation.path.split(/[.[]/)[0]);
        }
      }),
      { numRuns: 300 },
    );
  });
});
