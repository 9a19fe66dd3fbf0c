import { getMetadataStorage } from 'class-validator';
import { InvalidToolDefinitionError } from '../../errors/invalid-tool-definition-error.js';
import type { ValidationMetadata } from '../../types/validation-metadata.js';
import { applyConstraint } from './apply-constraint.js';
import { emptyTarget, type ArrayRules, type PropertyTarget } from './property-target.js';

/** What the class-validator decorators of one property say. */
export interface PropertyRules {
  value: PropertyTarget;
  item: PropertyTarget;
  array: ArrayRules;
  optional: boolean;
  nested: boolean;
  /**
   * The keys under which class-validator reports the named constraints that have no JSON Schema
   * meaning (the keys of a `ValidationError`'s `constraints`), after checking they are synchronous.
   * @param names - the constraint names left to class-validator
   * @returns their keys
   * @throws InvalidToolDefinitionError for an asynchronous constraint
   */
  customConstraints(names: readonly string[]): string[];
}

/**
 * Reads the class-validator metadata of one property into JSON Schema facts.
 * @param metadatas - the property's metadata
 * @param where - the property, for messages
 * @returns the rules
 * @throws InvalidToolDefinitionError for a decorator a JSON Schema cannot express
 */
export function readPropertyRules(metadatas: readonly ValidationMetadata[], where: string): PropertyRules {
  const value = emptyTarget();
  const item = emptyTarget();
  const array: ArrayRules = { isArray: false };
  let optional = false;
  let nested = false;
  for (const metadata of metadatas) {
    if (metadata.each) array.isArray = true;
    switch (metadata.type) {
      case 'conditionalValidation':
        if (metadata.name === 'isOptional') optional = true;
        else
          throw new InvalidToolDefinitionError(
            where,
            '@ValidateIf cannot be described by a JSON Schema; check the condition inside the tool.',
          );
        break;
      case 'nestedValidation':
        nested = true;
        break;
      case 'isDefined':
      case 'whitelistValidation':
        break;
      case 'promiseValidation':
        throw new InvalidToolDefinitionError(where, '@ValidatePromise has no meaning for JSON arguments.');
      default:
        applyConstraint(constraintName(metadata), metadata.constraints, metadata.each ? item : value, array, where);
    }
  }
  return {
    value,
    item,
    array,
    optional,
    nested,
    customConstraints(names) {
      if (names.length === 0) return [];
      const found = metadatas.filter((metadata) => metadata.type === 'customValidation' && names.includes(constraintName(metadata)));
      assertSynchronous(found, where);
      return [...new Set(found.flatMap(reportedKeys))];
    },
  };
}

/** Refuses asynchronous custom constraints: tool arguments are validated synchronously, before the call. */
function assertSynchronous(constraints: readonly ValidationMetadata[], where: string): void {
  const storage = getMetadataStorage();
  for (const metadata of constraints) {
    if (storage.getTargetValidatorConstraints(metadata.constraintCls).some((constraint) => constraint.async)) {
      throw new InvalidToolDefinitionError(
        where,
        `the constraint '${constraintName(metadata)}' is asynchronous; check it inside the tool instead.`,
      );
    }
  }
}

/** The keys class-validator reports a custom constraint's failures under: its registered constraints' names. */
function reportedKeys(metadata: ValidationMetadata): string[] {
  const names = getMetadataStorage()
    .getTargetValidatorConstraints(metadata.constraintCls)
    .map((constraint) => constraint.name);
  return names.length > 0 ? names : [metadata.type];
}

/** A constraint's name: the decorator's, else (for `@Validate(Class)`) the constraint class's registered name. */
function constraintName(metadata: ValidationMetadata): string {
  if (metadata.name !== undefined) return metadata.name;
  if (metadata.type !== 'customValidation') return metadata.type;
  return getMetadataStorage().getTargetValidatorConstraints(metadata.constraintCls)[0]?.name ?? metadata.constraintCls.name;
}
