import type { InstancePlan } from '../schema/instance-plan.js';
import { parseDateTime } from './parse-date-time.js';

/** Builds what the tool receives from a validated (and private) plain value. */
export type InstanceBuilder = (value: unknown) => unknown;

/**
 * Compiles an {@link InstancePlan} once into small functions. The value is the decoder's private
 * copy, so plain objects and arrays are filled in place; a class instance (`create`) gets every
 * property its plan lists (a class plan lists all declared properties, `undefined` for those kept as they are).
 * @param plan - the plan
 * @returns the builder
 */
export function compileInstanceBuilder(plan: InstancePlan): InstanceBuilder {
  switch (plan.kind) {
    case 'date':
      return (value) => (typeof value === 'string' ? parseDateTime(value) : value);
    case 'array': {
      const items = compileInstanceBuilder(plan.items);
      return (value) => {
        if (!Array.isArray(value)) return value;
        const array = value as unknown[];
        for (let index = 0; index < array.length; index++) {
          const item = array[index];
          if (item !== null && item !== undefined) array[index] = items(item);
        }
        return array;
      };
    }
    case 'object':
      return compileObjectBuilder(plan);
  }
}

function compileObjectBuilder(plan: Extract<InstancePlan, { kind: 'object' }>): InstanceBuilder {
  const entries = Object.entries(plan.properties);
  const inner = entries
    .filter(([, property]) => property !== undefined)
    .map(([name, property]) => [name, compileInstanceBuilder(property!)] as const);
  const create = plan.create;
  if (create === undefined) {
    // A plain object: the value is the decoder's private copy, filled in place.
    return (value) => {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
      const input = value as Record<string, unknown>;
      for (const [name, build] of inner) {
        const item = Object.hasOwn(input, name) ? input[name] : undefined;
        if (item !== null && item !== undefined) input[name] = build(item);
      }
      return input;
    };
  }
  // A class instance: a small function generated from the declared names (constant property
  // names keep V8's stores monomorphic); names are embedded as JSON string literals.
  const builders = new Map(inner);
  const lines = entries.map(([name], index) => {
    const key = JSON.stringify(name);
    const build = builders.has(name) ? `b${index}(item)` : 'item';
    // A name that Object.prototype also has (valueOf, toString) is read only as an own property.
    const read = name in Object.prototype ? `Object.hasOwn(input, ${key}) ? input[${key}] : undefined` : `input[${key}]`;
    return `item = ${read}; if (item !== undefined) instance[${key}] = item === null ? null : ${build};`;
  });
  const shape = lines.join('\n');
  let factory = factories.get(shape);
  if (factory === undefined) {
    factory = generateFactory(entries.length, shape);
    if (factories.size >= 1000) factories.clear();
    factories.set(shape, factory);
  }
  return factory(create, ...entries.map(([name]) => builders.get(name)));
}

/** Generated builder factories by the shape of the class (its property names), shared by classes of one shape. */
const factories = new Map<string, (...args: unknown[]) => InstanceBuilder>();

function generateFactory(count: number, shape: string): (...args: unknown[]) => InstanceBuilder {
  const parameters = Array.from({ length: count }, (_, index) => `b${index}`);
  const body = `return function build(value) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const input = value; const instance = create(); let item;
    ${shape}
    return instance;
  };`;
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  return new Function('create', ...parameters, body) as (...args: unknown[]) => InstanceBuilder;
}
