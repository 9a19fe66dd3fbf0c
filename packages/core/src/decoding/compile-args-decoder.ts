import Ajv, { type ValidateFunction } from 'ajv';
import { InvalidToolDefinitionError } from '../errors/invalid-tool-definition-error.js';
import { ToolcraftError } from '../errors/toolcraft-error.js';
import type { ArgsDefinition, CustomConstraintPlan } from '../schema/args-definition.js';
import type { JsonSchema } from '../schema/json-schema.js';
import type { SchemaOrigin } from '../schema/schema-origin.js';
import { compileDefaultsFiller, compileJsonSchema, type SchemaDocuments } from './ajv-instance.js';
import { findInvalidDefaults, type InvalidDefault } from './invalid-defaults.js';
import { warnInvalidDefault } from './warn-invalid-default.js';
import { BoundedCache } from './bounded-cache.js';
import { compileArgumentCleaner, type ArgumentCleaner, type CleanPass } from './argument-cleaner.js';
import { defaultArgumentLimits, type ArgumentLimits } from './argument-limits.js';
import type { ArgsDecoder, DecodeOutcome } from './args-decoder.js';
import { checkCustomConstraints } from './custom-constraints.js';
import { compileInstanceBuilder, type InstanceBuilder } from './instance-builder.js';
import { parseArguments } from './parse-arguments.js';
import { validationSchema } from './validation-schema.js';
import { addAjvViolations, addOmitted } from './violation-wording.js';
import type { ViolationSink } from './violation-sink.js';

/**
 * Compiles the one decoder of a tool's arguments from its {@link ArgsDefinition}: ajv's validator
 * compiled from exactly the schema the model is shown, the cleaning pass and the instance builder.
 * @param definition - the schema, instance plan and custom constraints
 * @param subject - the tool, for messages
 * @returns the decoder
 * @throws InvalidToolDefinitionError when the schema is not an object schema or does not compile
 */
export function compileArgsDecoder<TArgs>(definition: ArgsDefinition, subject: string): ArgsDecoder<TArgs> {
  return new CompiledArgsDecoder<TArgs>(definition, subject);
}

/**
 * Decode = parse (within the limits) → one cleaning pass → ajv validation (all errors) → defaults
 * filled → instance building → class-validator's custom constraints. Never throws for bad input.
 * A schema whose `$ref` names another document compiles once that document is given
 * ({@link ArgsDecoder.bindSchemas}); until then each call is refused, saying so.
 */
class CompiledArgsDecoder<TArgs> implements ArgsDecoder<TArgs> {
  readonly schema: JsonSchema;
  private validate: ValidateFunction | undefined;
  private fillDefaults: ((value: unknown) => void) | undefined;
  /** The document a `$ref` names that no documents given so far hold; undefined once compiled. */
  private missing: string | undefined;
  private boundKey: string | undefined;
  readonly subject: string;
  /** Who wrote the schema: an imported one's patterns all run in linear time. */
  private readonly origin: SchemaOrigin;
  private readonly clean: ArgumentCleaner;
  private readonly build: InstanceBuilder | undefined;
  private readonly customConstraints: CustomConstraintPlan | undefined;
  // Decoding is synchronous, so one sink and one pass state per decoder are reused; on failure the sink is
  // handed over as the outcome's violations and a fresh one takes its place.
  private sink: ViolationSink = [];
  private readonly copyPass: CleanPass = { copy: true, sink: this.sink };
  private readonly inPlacePass: CleanPass = { copy: false, sink: this.sink };

  constructor(definition: ArgsDefinition, subject: string) {
    const schema = definition.schema;
    if (typeof schema !== 'object' || schema === null || schema.type !== 'object') {
      throw new InvalidToolDefinitionError(subject, 'an argument schema must have type "object" (the model always sends named arguments).');
    }
    this.subject = subject;
    this.origin = definition.origin ?? 'own';
    this.schema = schema;
    const checks = compileChecks(schema, subject, this.origin, undefined);
    this.clean = checks.clean;
    this.adopt(checks);
    this.build = definition.plan === undefined ? undefined : compileInstanceBuilder(definition.plan);
    this.customConstraints = definition.customConstraints;
  }

  decode(raw: unknown, limits: ArgumentLimits): DecodeOutcome<TArgs> {
    const sink = this.sink;
    if (sink.length !== 0) sink.length = 0;
    const plain = parseArguments(raw, limits, sink);
    if (plain === undefined) return this.fail();
    // A parsed string is already private; the caller's own objects are copied, so nothing of theirs is written.
    const value = this.clean(plain, typeof raw === 'string' ? this.inPlacePass : this.copyPass);
    if (sink.length > 0) return this.fail(limits);
    const validate = this.validate;
    if (validate === undefined) {
      sink.push({
        path: '',
        constraint: 'unresolvedReference',
        message:
          `the tool cannot check its arguments: its schema refers to ${this.missing ?? 'another document'}, which was not ` +
          'given (pass it in `schemas` of the registry builder or the environment)',
      });
      return this.fail();
    }
    if (!validate(value, rootContext)) {
      addAjvViolations(
        validate.errors ?? [],
        sink,
        limits.maxViolations ?? defaultArgumentLimits.maxViolations,
        limits.maxQuotedLength ?? defaultArgumentLimits.maxQuotedLength,
      );
      return this.fail();
    }
    // Defaults are annotations: filled only once what the model sent passed.
    if (this.fillDefaults !== undefined) this.fillDefaults(value);
    const built = this.build === undefined ? value : this.build(value);
    if (this.customConstraints !== undefined) {
      checkCustomConstraints(this.customConstraints, built, '', sink);
      if (sink.length > 0) return this.fail(limits);
    }
    return { ok: true, value: built as TArgs };
  }

  missingDocument(): string | undefined {
    return this.missing;
  }

  bindSchemas(documents: SchemaDocuments): void {
    if (this.missing === undefined && this.boundKey === undefined) return; // needs no other document
    if (this.boundKey !== undefined) {
      if (this.boundKey === documents.key) return;
      throw new InvalidToolDefinitionError(
        this.subject,
        'its schema refers to other documents and is already used with other `schemas`; give every registry and environment that holds the tool the same documents.',
      );
    }
    const checks = compileChecks(this.schema, this.subject, this.origin, documents);
    this.adopt(checks);
    if (this.missing !== undefined) {
      throw new InvalidToolDefinitionError(
        this.subject,
        `its schema refers to ${this.missing}, which none of the \`schemas\` given has as its $id; add that document, or fix the $ref.`,
      );
    }
    this.boundKey = documents.key;
  }

  private adopt(checks: Checks): void {
    this.validate = checks.validate;
    this.fillDefaults = checks.fillDefaults;
    this.missing = checks.missingDocument;
    for (const invalid of checks.invalidDefaults) warnInvalidDefault(this.subject, invalid);
  }

  /** The violations so far, as a private list (at most `maxViolations` of them when a limit is given). */
  private fail(limits?: ArgumentLimits): DecodeOutcome<TArgs> {
    const max = limits?.maxViolations ?? defaultArgumentLimits.maxViolations;
    if (limits === undefined || this.sink.length <= max) {
      const violations = this.sink;
      this.sink = this.copyPass.sink = this.inPlacePass.sink = [];
      return { ok: false, violations };
    }
    const violations = this.sink.slice(0, max);
    addOmitted(violations, this.sink.length - max);
    return { ok: false, violations };
  }
}

/**
 * The data context every validation starts from: ajv's generated function destructures its second
 * parameter with a default of `{}`, a new object per call when none is passed.
 */
const rootContext = Object.freeze({ instancePath: '' }) as Parameters<ValidateFunction>[1];

/** What one validation schema compiles to (with one set of documents). */
interface Checks {
  /** ajv's validator; undefined while a `$ref` names a document not given. */
  validate: ValidateFunction | undefined;
  fillDefaults: ((value: unknown) => void) | undefined;
  /** The document a `$ref` names that was not given. */
  missingDocument: string | undefined;
  clean: ArgumentCleaner;
  invalidDefaults: readonly InvalidDefault[];
}

/** The checks of one validation schema, shared by every tool whose schema differs only in annotations. */
const checksByKey = new BoundedCache<string, Checks>(2_000);

function compileChecks(schema: JsonSchema, subject: string, origin: SchemaOrigin, documents: SchemaDocuments | undefined): Checks {
  const checked = validationSchema(schema);
  const key = `${origin} ${documents?.key ?? ''} ${JSON.stringify(checked)}`;
  let checks = checksByKey.get(key);
  if (checks === undefined) {
    try {
      let validate: ValidateFunction | undefined;
      let missingDocument: string | undefined;
      try {
        validate = compileJsonSchema(schema, origin, documents);
      } catch (error) {
        missingDocument = otherDocumentOf(error, schema);
        if (missingDocument === undefined) throw error;
      }
      checks = {
        validate,
        missingDocument,
        fillDefaults: validate === undefined ? undefined : compileDefaultsFiller(schema, origin, documents),
        clean: compileArgumentCleaner(checked),
        invalidDefaults: validate === undefined ? [] : findInvalidDefaults(checked, origin, documents),
      };
    } catch (error) {
      if (ToolcraftError.isInstance(error)) throw error;
      const problem =
        error instanceof RangeError
          ? `it nests or refers to itself too deeply for the validator to compile (${error.message}); check its $refs`
          : (error as Error).message;
      throw new InvalidToolDefinitionError(subject, `its JSON Schema does not compile: ${problem}`, error);
    }
    checksByKey.set(key, checks);
  }
  return checks;
}

/**
 * For ajv's `MissingRefError` of a `$ref` to another document (not the schema itself): that
 * document's URI, which `schemas` may supply later.
 */
function otherDocumentOf(error: unknown, schema: JsonSchema): string | undefined {
  if (!(error instanceof Ajv.MissingRefError)) return undefined;
  const document = error.missingSchema;
  const own = typeof schema.$id === 'string' ? schema.$id.replace(/#$/, '') : '';
  return document !== '' && document !== own ? document : undefined;
}
