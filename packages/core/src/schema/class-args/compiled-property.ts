import type { CustomConstraintPlan } from '../args-definition.js';
import type { InstancePlan } from '../instance-plan.js';
import type { JsonSchema } from '../json-schema.js';

/** What one value of an Args class compiles to: its schema, how it is built, what class-validator still checks. */
export interface CompiledValue {
  /** The JSON Schema of the value. */
  schema: JsonSchema;
  /** How the validated value is built (nested instances, Dates); absent: kept as it is. */
  plan?: InstancePlan;
  /** The custom constraints inside the value (of a nested class or its items). */
  constraints?: CustomConstraintPlan;
}
