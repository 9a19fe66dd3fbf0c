import { InvalidToolDefinitionError } from '../errors/invalid-tool-definition-error.js';
import type { ArgsDefinition } from '../schema/args-definition.js';
import { compileArgsClass } from '../schema/class-args/compile-args-class.js';
import { isArgsClass } from './is-args-class.js';

/**
 * The schema, instance plan and custom constraints of one method parameter, from its runtime type:
 * `String`, `Number`, `Boolean`, `Date` (a date-time string that becomes a `Date`), `'integer'`,
 * `Array` (of the element type given in `[T]`), or an Args class (compiled as in a `Tool`).
 * @param type - `design:paramtypes` for the parameter, or the `type` of its `@LLMDescription`
 * @param where - the parameter, for messages
 * @param subject - the tool, for messages
 * @returns the parameter's definition (its schema is not an object schema for primitives)
 * @throws InvalidToolDefinitionError when the type says nothing useful (an interface, a union, any...)
 */
export function parameterDefinition(type: unknown, where: string, subject: string): ArgsDefinition {
  if (type === String) return { schema: { type: 'string' } };
  if (type === Number) return { schema: { type: 'number' } };
  if (type === 'integer') return { schema: { type: 'integer' } };
  if (type === Boolean) return { schema: { type: 'boolean' } };
  if (type === Date) return { schema: { type: 'string', format: 'date-time' }, plan: { kind: 'date' } };
  if (type === Array) return { schema: { type: 'array' } };
  if (Array.isArray(type) && type.length === 1) {
    const items = parameterDefinition(type[0], where, subject);
    return {
      schema: { type: 'array', items: items.schema },
      ...(items.plan ? { plan: { kind: 'array', items: items.plan } } : {}),
      ...(items.customConstraints ? { customConstraints: { kind: 'array', items: items.customConstraints } } : {}),
    };
  }
  if (isArgsClass(type)) {
    const { schema, plan, customConstraints } = compileArgsClass(type, subject);
    return { schema, ...(plan ? { plan } : {}), ...(customConstraints ? { customConstraints } : {}) };
  }
  const name = typeof type === 'function' ? type.name : String(type);
  throw new InvalidToolDefinitionError(
    where,
    `its runtime type is ${name}, which says nothing useful (an interface, a union, a literal type, any or unknown all become Object). ` +
      'Give its type with @LLMDescription({ description, type }), take one Args class instead, or generate a build-time ' +
      'schema manifest with @toolcraft/schema. If this parameter is meant to be injected (AgentContext or ToolCallMetadata), ' +
      "import that class as a value (import { AgentContext } from '@toolcraft/core', not import type), so TypeScript emits its runtime type.",
  );
}
