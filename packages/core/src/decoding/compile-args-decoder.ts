import type { ValidateFunction } from 'ajv';
import { InvalidToolDefinitionError } from '../errors/invalid-tool-definition-error.js';
import type { ArgsDefinition, CustomConstraintPlan } from '../schema/args-definition.js';
import type { JsonSchema } from '../schema/json-schema.js';
import type { SchemaOrigin } from '../schema/schema-origin.js';
import { compileJsonSchema } from './ajv-instance.js';
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
 * Decode = parse (within the limits) → one cleaning pass → ajv validation (all errors) → instance
 * building → class-validator's custom constraints. Never throws for bad input.
 */
class CompiledArgsDecoder<TArgs> implements ArgsDecoder<TArgs> {
  readonly schema: JsonSchema;
  private readonly validate: ValidateFunction;
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
    const checks = compileChecks(schema, subject, definition.origin ?? 'own');
    this.validate = checks.validate;
    this.schema = schema;
    this.clean = checks.clean;
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
    if (!validate(value, rootContext)) {
      addAjvViolations(
        validate.errors ?? [],
        sink,
        limits.maxViolations ?? defaultArgumentLimits.maxViolations,
        limits.maxQuotedLength ?? defaultArgumentLimits.maxQuotedLength,
      );
      return this.fail();
    }
    const built = this.build === undefined ? value : this.build(value);
    if (this.customConstraints !== undefined) {
      checkCustomConstraints(this.customConstraints, built, '', sink);
      if (sink.length > 0) return this.fail(limits);
    }
    return { ok: true, value: built as TArgs };
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

/** The validator and cleaning pass of one validation schema, shared by every tool whose schema differs only in annotations. */
const checksByKey = new BoundedCache<string, { validate: ValidateFunction; clean: ArgumentCleaner }>(2_000);

function compileChecks(schema: JsonSchema, subject: string, origin: SchemaOrigin): { validate: ValidateFunction; clean: ArgumentCleaner } {
  const checked = validationSchema(schema);
  const key = `${origin} ${JSON.stringify(checked)}`;
  let checks = checksByKey.get(key);
  if (checks === undefined) {
    let validate: ValidateFunction;
    try {
      validate = compileJsonSchema(schema, origin);
    } catch (error) {
      throw new InvalidToolDefinitionError(subject, `its JSON Schema does not compile: ${(error as Error).message}`, error);
    }
    checks = { validate, clean: compileArgumentCleaner(checked) };
    checksByKey.set(key, checks);
  }
  return checks;
}
