import { validateSync, type ValidationError, type ValidatorOptions } from 'class-validator';
import type { CustomConstraintPlan } from '../schema/args-definition.js';
import { childPath } from './violation-path.js';
import { addViolation, type ViolationSink } from './violation-sink.js';

/**
 * class-validator's options for the check: absent values are skipped (the JSON Schema already
 * decided whether they may be absent), and errors carry neither the instance nor the value.
 */
const options: ValidatorOptions = {
  skipMissingProperties: true,
  forbidUnknownValues: false,
  validationError: { target: false, value: false },
};

/**
 * Checks the constraints that have no JSON Schema meaning (custom constraints, `@IsPhoneNumber`...)
 * with class-validator's `validateSync`, on each built instance whose properties have some (nested
 * objects and arrays of them included), and records only those constraints' failures: every other
 * constraint was already checked by the compiled JSON Schema validation.
 * @param plan - where the constraints are, and the keys they are reported under
 * @param instance - the built instance
 * @param path - its property path
 * @param sink - where violations go
 */
export function checkCustomConstraints(plan: CustomConstraintPlan, instance: unknown, path: string, sink: ViolationSink): void {
  if (plan.kind === 'array') {
    if (Array.isArray(instance)) instance.forEach((item, index) => checkCustomConstraints(plan.items, item, childPath(path, index), sink));
    return;
  }
  if (typeof instance !== 'object' || instance === null) return;
  const errors = plan.properties.some((property) => property.constraints !== undefined) ? validateSync(instance, options) : [];
  for (const property of plan.properties) {
    const value = (instance as Record<string, unknown>)[property.name];
    if (value === undefined || value === null) continue;
    const propertyPath = childPath(path, property.name);
    if (property.constraints !== undefined) addFailures(errors, property.name, property.constraints, propertyPath, sink);
    if (property.inner !== undefined) checkCustomConstraints(property.inner, value, propertyPath, sink);
  }
}

/** Records the failures of the listed constraints of one property, with class-validator's messages. */
function addFailures(errors: readonly ValidationError[], name: string, keys: readonly string[], path: string, sink: ViolationSink): void {
  const failed = errors.find((error) => error.property === name)?.constraints;
  if (failed === undefined) return;
  for (const [constraint, message] of Object.entries(failed)) {
    if (keys.includes(constraint)) addViolation(sink, path, constraint, message);
  }
}
