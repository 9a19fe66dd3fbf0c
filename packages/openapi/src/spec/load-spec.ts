import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { dereference } from '@apidevtools/json-schema-ref-parser';
import { parse } from 'yaml';
import { OpenApiSpecError } from '../errors/openapi-spec-error.js';
import { confinedResolver } from './confined-resolver.js';
import { firstExternalRef } from './external-refs.js';
import type { OpenApiDocument } from './openapi-document.js';

/**
 * Loads a spec and resolves its `$ref`s (with `@apidevtools/json-schema-ref-parser`; circular ones
 * are kept as `$ref`s, see `toInputSchema`): an object as it is (copied), YAML or JSON text, or a
 * file path. Only a spec read from a file may name other files, inside its own folder; a spec given
 * as an object or text has only local `$ref`s (`#/...`). Remote `$ref`s are never fetched.
 * @param spec - an object, text (YAML or JSON) or a file path
 * @returns the document, dereferenced
 * @throws OpenApiSpecError when it does not load, parse, is not OpenAPI 3.x, or a `$ref` is refused or does not resolve
 */
export async function loadSpec(spec: object | string): Promise<OpenApiDocument> {
  let document: unknown;
  let base: string | undefined;
  try {
    if (typeof spec === 'object') document = structuredClone(spec);
    else if (isSpecText(spec)) document = parse(spec) as unknown;
    else {
      base = resolve(spec);
      document = parse(await readFile(base, 'utf8')) as unknown;
    }
  } catch (error) {
    throw new OpenApiSpecError('spec', `it could not be read or parsed: ${(error as Error).message}`, error);
  }
  const version =
    typeof document === 'object' && document !== null && !Array.isArray(document) ? (document as { openapi?: unknown }).openapi : undefined;
  if (typeof version !== 'string' || !version.startsWith('3.'))
    throw new OpenApiSpecError(
      'spec',
      Array.isArray(document) || typeof document !== 'object' || document === null
        ? `it is not an OpenAPI 3.x document: it is ${Array.isArray(document) ? 'a list' : `the ${document === null ? 'null' : typeof document} ${JSON.stringify(document)?.slice(0, 40)}`}, not an object.`
        : `it is not an OpenAPI 3.x document (its 'openapi' field is ${JSON.stringify(version)}); convert a Swagger 2.0 spec first.`,
    );
  if (base === undefined) {
    const external = firstExternalRef(document);
    if (external !== undefined)
      throw new OpenApiSpecError(
        'spec',
        `its $ref ${JSON.stringify(external.ref)} at ${external.at} names another document; a spec given as an object or text ` +
          'may only use local $refs ("#/components/..."): give the spec as a file path to resolve relative $refs inside its folder.',
      );
  }
  try {
    const options = {
      dereference: { circular: 'ignore' as const },
      resolve:
        base === undefined
          ? { external: false, file: false as const, http: false as const }
          : { file: false as const, http: false as const, confined: confinedResolver(base) },
    };
    return (
      base === undefined ? await dereference(document as object, options) : await dereference(base, document as object, options)
    ) as OpenApiDocument;
  } catch (error) {
    throw new OpenApiSpecError('spec', `a $ref could not be resolved: ${(error as Error).message}`, error);
  }
}

/** Whether a string is the spec's text (JSON, or YAML of more than one line or naming its version) rather than a file path. */
function isSpecText(spec: string): boolean {
  return /^\s*[[{]/.test(spec) || /[\r\n]/.test(spec.trim()) || /^\s*(openapi|swagger)\s*:/m.test(spec);
}
