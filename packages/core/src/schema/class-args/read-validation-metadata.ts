import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from '../../types/validation-metadata.js';

type StorageWithMap = { validationMetadatas?: unknown };

/**
 * Reads the class-validator metadata of a class and its ancestors, with class-validator's own
 * rules for a call without groups (every constraint applies; the class's own metadata first; an ancestor's is dropped where the class has one of the
 * same property and type), but in time proportional to the depth of the class chain.
 * class-validator's `getTargetValidationMetadatas` scans every decorated class of the process to
 * find ancestors, which makes compiling thousands of Args classes quadratic.
 * @param target - the Args class
 * @returns the validation metadata that applies to it
 */
export function readValidationMetadata(target: Function): ValidationMetadata[] {
  const storage = getMetadataStorage();
  const byTarget = (storage as unknown as StorageWithMap).validationMetadatas;
  if (!(byTarget instanceof Map)) return storage.getTargetValidationMetadatas(target, '', false, false);
  const own = ((byTarget.get(target) ?? []) as ValidationMetadata[]).filter((metadata) => metadata.target === target);
  const inherited: ValidationMetadata[] = [];
  for (
    let ancestor = Object.getPrototypeOf(target) as unknown;
    typeof ancestor === 'function' && ancestor !== Function.prototype;
    ancestor = Object.getPrototypeOf(ancestor)
  ) {
    for (const metadata of (byTarget.get(ancestor) ?? []) as ValidationMetadata[]) {
      if (metadata.target === ancestor) inherited.push(metadata);
    }
  }
  const unique = inherited.filter(
    (parent) => !own.some((child) => child.propertyName === parent.propertyName && child.type === parent.type),
  );
  return own.concat(unique);
}
