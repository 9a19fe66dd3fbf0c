import type { ArgsDefinition, CustomConstraintPlan } from '../schema/args-definition.js';
import type { InstancePlan } from '../schema/instance-plan.js';
import type { JsonSchema } from '../schema/json-schema.js';

/** One model-visible parameter of a tool method, described. */
export interface DescribedParameter {
  /** The name the model sends it under. */
  name: string;
  /** Its type's definition (see `parameterDefinition`). */
  definition: ArgsDefinition;
  /** Whether the model must send it. */
  required: boolean;
  /** Its description, if any. */
  description?: string;
  /** Its default value, shown as the schema's `default`. */
  defaultValue?: unknown;
}

/**
 * The definition of a method's argument object: one property per parameter, with their instance
 * plans (Dates, Args classes) and custom constraints gathered.
 * @param parameters - the model-visible parameters, in order
 * @returns the definition
 */
export function argumentsDefinition(parameters: readonly DescribedParameter[]): ArgsDefinition {
  const properties: Record<string, JsonSchema> = {};
  const plans: Record<string, InstancePlan | undefined> = {};
  const constraints: Extract<CustomConstraintPlan, { kind: 'object' }>['properties'][number][] = [];
  for (const { name, definition, description, defaultValue } of parameters) {
    properties[name] = {
      ...definition.schema,
      ...(description !== undefined ? { description } : {}),
      ...(defaultValue !== undefined ? { default: defaultValue } : {}),
    };
    if (definition.plan) plans[name] = definition.plan;
    if (definition.customConstraints) constraints.push({ name, inner: definition.customConstraints });
  }
  return {
    schema: { type: 'object', properties, required: parameters.filter((parameter) => parameter.required).map(({ name }) => name) },
    ...(Object.keys(plans).length > 0 ? { plan: { kind: 'object', properties: plans } } : {}),
    ...(constraints.length > 0 ? { customConstraints: { kind: 'object', properties: constraints } } : {}),
  };
}
