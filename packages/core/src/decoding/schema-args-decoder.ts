import type { ErrorObject, ValidateFunction } from 'ajv';
import { InvalidToolDefinitionError } from '../errors/invalid-tool-definition-error.js';
import type { JsonSchema } from '../schema/json-schema.js';
import { compileJsonSchema } from './ajv-instance.js';
import type { ArgumentLimits } from './argument-limits.js';
import type { ArgsDecoder, DecodeOutcome } from './args-decoder.js';
import { findForbiddenKey } from './forbidden-keys.js';
import { compileArgumentCleaner, type ArgumentCleaner } from './argument-cleaner.js';
import { parseArguments } from './parse-arguments.js';
import { addViolation, type ViolationSink } from './violation-sink.js';

/**
 * Decodes arguments against an explicit JSON Schema (a hand-written `argsType`, or a build-time
 * manifest), compiled once with ajv. Undeclared properties are dropped and `null` for an optional
 * property means absent, at any depth (unless its schema allows `null`).
 */
export class SchemaArgsDecoder<TArgs> implements ArgsDecoder<TArgs> {
  private readonly validate: ValidateFunction;
  private readonly clean: ArgumentCleaner;

  /**
   * @param schema - an object schema
   * @param subject - the tool, for messages
   * @throws InvalidToolDefinitionError when the schema is not an object schema or does not compile
   */
  constructor(
    readonly schema: JsonSchema,
    subject: string,
  ) {
    if (schema.type !== 'object') {
      throw new InvalidToolDefinitionError(subject, 'an argument schema must have type "object" (the model always sends named arguments).');
    }
    try {
      this.validate = compileJsonSchema(schema);
    } catch (error) {
      throw new InvalidToolDefinitionError(subject, `its JSON Schema does not compile: ${(error as Error).message}`, error);
    }
    this.clean = compileArgumentCleaner(schema);
  }

  decode(raw: unknown, limits: ArgumentLimits): DecodeOutcome<TArgs> {
    const sink: ViolationSink = [];
    const plain = parseArguments(raw, limits, sink);
    if (plain === undefined) return { ok: false, violations: sink };
    // Refused before anything is copied, so no key can reach a prototype through an assignment.
    checkForbiddenKeys(plain, '', sink);
    if (sink.length > 0) return { ok: false, violations: sink };
    // ajv writes defaults into the value: a caller's own objects get a private copy first.
    const own = typeof raw === 'string' ? plain : (structuredClone(plain) as Record<string, unknown>);
    const value = this.clean(own) as Record<string, unknown>;
    if (!this.validate(value)) {
      for (const error of this.validate.errors ?? []) addViolation(sink, pathOf(error), error.keyword, explain(error));
      return { ok: false, violations: sink };
    }
    return { ok: true, value: value as TArgs };
  }
}

function checkForbiddenKeys(value: unknown, path: string, sink: ViolationSink): void {
  if (typeof value !== 'object' || value === null) return;
  const forbidden = findForbiddenKey(value);
  if (forbidden !== undefined) {
    addViolation(
      sink,
      path === '' ? forbidden : `${path}.${forbidden}`,
      'forbiddenKey',
      `the key '${forbidden}' is not allowed in arguments`,
    );
    return;
  }
  for (const [key, child] of Object.entries(value))
    checkForbiddenKeys(child, Array.isArray(value) ? `${path}[${key}]` : path === '' ? key : `${path}.${key}`, sink);
}

function pathOf(error: ErrorObject): string {
  const segments = error.instancePath
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required') segments.push(String((error.params as { missingProperty: string }).missingProperty));
  return segments.reduce(
    (path, segment) => (/^\d+$/.test(segment) ? `${path}[${segment}]` : path === '' ? segment : `${path}.${segment}`),
    '',
  );
}

function explain(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return 'is required but missing';
    case 'type':
      return `expected ${String(params.type)}, got ${describe(error.data)}`;
    case 'enum':
      return `expected one of ${(params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(', ')}, got ${describe(error.data)}`;
    default:
      return `${error.message ?? 'is invalid'}, got ${describe(error.data)}`;
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${JSON.stringify(value)}`;
}
