import { ValidationError, Validator } from 'class-validator';
import { ValidationExecutor } from 'class-validator/cjs/validation/ValidationExecutor.js';
import type { CustomConstraintPlan } from '../schema/args-definition.js';
import type { ValidationMetadata } from '../types/validation-metadata.js';
import { childPath } from './violation-path.js';
import { addViolation, type ViolationSink } from './violation-sink.js';

interface CustomValidationRunner {
  customValidations(object: object, value: unknown, metadatas: readonly ValidationMetadata[], error: ValidationError): void;
}

let runner: CustomValidationRunner | undefined;

/**
 * Runs the constraints that have no JSON Schema meaning, with class-validator's own executor, on
 * each built property that has some (nested objects and arrays of them included). Only those
 * constraints run, from metadata read once at compile time: `validateSync` would look up every
 * decorated class of the process on each call.
 * @param plan - where the constraints are
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
  for (const property of plan.properties) {
    const value = (instance as Record<string, unknown>)[property.name];
    if (value === undefined || value === null) continue;
    const propertyPath = childPath(path, property.name);
    if (property.constraints !== undefined) {
      const error = new ValidationError();
      error.constraints = {};
      runner ??= new ValidationExecutor(new Validator(), {}) as unknown as CustomValidationRunner;
      runner.customValidations(instance, value, property.constraints, error);
      for (const [constraint, message] of Object.entries(error.constraints)) addViolation(sink, propertyPath, constraint, message);
    }
    if (property.inner !== undefined) checkCustomConstraints(property.inner, value, propertyPath, sink);
  }
}
