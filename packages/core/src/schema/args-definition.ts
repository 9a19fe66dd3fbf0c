import type { InstancePlan } from './instance-plan.js';
import type { JsonSchema } from './json-schema.js';
import type { SchemaOrigin } from './schema-origin.js';

/**
 * class-validator constraints with no JSON Schema meaning (custom constraints, `@IsPhoneNumber`...),
 * checked by class-validator's `validateSync` on the built instance, after the JSON Schema validation.
 */
export type CustomConstraintPlan =
  | {
      kind: 'object';
      /**
       * Per property: the keys its own custom constraints are reported under (a `ValidationError`'s
       * `constraints`), and the plan of its nested values.
       */
      properties: ReadonlyArray<{ name: string; constraints?: readonly string[]; inner?: CustomConstraintPlan }>;
    }
  | { kind: 'array'; items: CustomConstraintPlan };

/** Everything needed to decode one tool's arguments; compiled once into an `ArgsDecoder`. */
export interface ArgsDefinition {
  /** The one JSON Schema the model is shown (type: 'object'); the validator is compiled from exactly this. */
  schema: JsonSchema;
  /** How the validated value becomes the tool's argument (class instances, Dates); absent: the plain object. */
  plan?: InstancePlan;
  /** class-validator constraints with no JSON Schema meaning, run after validation on the built instance. */
  customConstraints?: CustomConstraintPlan;
  /** Who wrote the schema (default `'own'`): an imported schema's patterns must all run in linear time. */
  origin?: SchemaOrigin;
}
