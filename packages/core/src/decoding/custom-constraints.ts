import { ValidationError, Validator } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { ValidationExecutor } from 'class-validator/cjs/validation/ValidationExecutor.js';
import { ArrayCodec } from './codecs/array-codec.js';
import { ObjectCodec } from './codecs/object-codec.js';
import type { ValueCodec } from './codecs/value-codec.js';
import { addViolation, childPath, type ViolationSink } from './violation-sink.js';

interface CustomValidationRunner {
  customValidations(object: object, value: unknown, metadatas: readonly ValidationMetadata[], error: ValidationError): void;
}

let runner: CustomValidationRunner | undefined;

/**
 * Runs the constraints that have no JSON Schema meaning, with class-validator's own executor, on
 * each decoded property that has some (nested objects and arrays of them included). Only those
 * constraints run, from metadata read once at compile time: `validateSync` would look up every
 * decorated class of the process on each call.
 * @param codec - the compiled codec of the instance
 * @param instance - the decoded instance
 * @param path - its property path
 * @param sink - where violations go
 */
export function checkCustomConstraints(codec: ValueCodec, instance: unknown, path: string, sink: ViolationSink): void {
  if (codec instanceof ArrayCodec) {
    if (codec.items !== undefined && Array.isArray(instance))
      instance.forEach((item, index) => checkCustomConstraints(codec.items!, item, `${path}[${index}]`, sink));
    return;
  }
  if (!(codec instanceof ObjectCodec) || typeof instance !== 'object' || instance === null) return;
  for (const property of codec.properties) {
    const value = (instance as Record<string, unknown>)[property.name];
    if (value === undefined) continue;
    const propertyPath = childPath(path, property.name);
    if (property.customConstraints !== undefined) {
      const error = new ValidationError();
      error.constraints = {};
      runner ??= new ValidationExecutor(new Validator(), {}) as unknown as CustomValidationRunner;
      runner.customValidations(instance, value, property.customConstraints, error);
      for (const [constraint, message] of Object.entries(error.constraints)) addViolation(sink, propertyPath, constraint, message);
    }
    checkCustomConstraints(property.codec, value, propertyPath, sink);
  }
}
