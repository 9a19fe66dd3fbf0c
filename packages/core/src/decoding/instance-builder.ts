import type { InstancePlan } from '../schema/instance-plan.js';
import { parseDateTime } from './parse-date-time.js';

/** Builds what the tool receives from a validated (and private) plain value. */
export type InstanceBuilder = (value: unknown) => unknown;

/**
 * Compiles an {@link InstancePlan} once into small functions. The value is the decoder's private
 * copy, so plain objects and arrays are filled in place; a class instance gets every key of the
 * validated value (the cleaning pass has already dropped undeclared and forbidden keys).
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
  const names: string[] = [];
  const builders: InstanceBuilder[] = [];
  for (const [name, inner] of Object.entries(plan.properties)) {
    if (inner === undefined) continue;
    names.push(name);
    builders.push(compileInstanceBuilder(inner));
  }
  const create = plan.create;
  const count = names.length;
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const input = value as Record<string, unknown>;
    for (let index = 0; index < count; index++) {
      const name = names[index]!;
      const item = input[name];
      if (item !== null && item !== undefined) input[name] = builders[index]!(item);
    }
    if (create === undefined) return input;
    const instance = create() as Record<string, unknown>;
    for (const key in input) if (Object.hasOwn(input, key)) instance[key] = input[key];
    return instance;
  };
}
