import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { dereference } from '@apidevtools/json-schema-ref-parser';
import { parse } from 'yaml';
import { OpenApiSpecError } from '../errors/openapi-spec-error.js';
import type { OpenApiDocument } from './openapi-document.js';

/**
 * Loads a spec and resolves its `$ref`s (with `@apidevtools/json-schema-ref-parser`; circular ones
 * are kept as `$ref`s, see `toInputSchema`): an object as it is (copied), YAML or JSON text, or a
 * file path (its relative `$ref`s resolved from the file). Remote `$ref`s are not fetched.
 * @param spec - an object, text (YAML or JSON) or a file path
 * @returns the document, dereferenced
 * @throws OpenApiSpecError when it does not load, parse, or is not OpenAPI 3.x
 */
export async function loadSpec(spec: object | string): Promise<OpenApiDocument> {
  let document: unknown;
  let base: string | undefined;
  try {
    if (typeof spec === 'object') document = structuredClone(spec);
    else if (/^\s*[{]/.test(spec) || /^\s*openapi\s*:/m.test(spec)) document = parse(spec) as unknown;
    else {
      base = resolve(spec);
      document = parse(await readFile(base, 'utf8')) as unknown;
    }
  } catch (error) {
    throw new OpenApiSpecError('spec', `it could not be read or parsed: ${(error as Error).message}`, error);
  }
  const version = (document as { openapi?: unknown } | null)?.openapi;
  if (typeof version !== 'string' || !version.startsWith('3.'))
    throw new OpenApiSpecError(
      'spec',
      `it is not an OpenAPI 3.x document (its 'openapi' field is ${JSON.stringify(version)}); convert a Swagger 2.0 spec first.`,
    );
  try {
    const options = { dereference: { circular: 'ignore' as const }, resolve: { http: false as const } };
    return (
      base === undefined ? await dereference(document as object, options) : await dereference(base, document as object, options)
    ) as OpenApiDocument;
  } catch (error) {
    throw new OpenApiSpecError('spec', `a $ref could not be resolved: ${(error as Error).message}`, error);
  }
}
