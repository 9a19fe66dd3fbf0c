import type { MetadataStorage } from 'class-validator';

/**
 * class-validator's metadata of one decorator on one property. class-validator does not export
 * the type from its entry point (and a deep import breaks ESM consumers), so it is derived here.
 */
export type ValidationMetadata = ReturnType<MetadataStorage['getTargetValidationMetadatas']>[number];
