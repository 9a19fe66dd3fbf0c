import type { StandardSchemaV1 } from '@standard-schema/spec';
import { InvalidToolDefinitionError } from '../../errors/invalid-tool-definition-error.js';
import type { JsonSchema } from '../../schema/json-schema.js';
import { compileArgumentCleaner, type ArgumentCleaner, type CleanPass } from '../argument-cleaner.js';
import { defaultArgumentLimits, type ArgumentLimits } from '../argument-limits.js';
import type { ArgsDecoder, DecodeOutcome } from '../args-decoder.js';
import { parseArguments } from '../parse-arguments.js';
import { addOmitted } from '../violation-wording.js';
import { addViolation, type ViolationSink } from '../violation-sink.js';
import { addIssueViolations } from './issue-wording.js';
import { hasStandardJsonSchema } from './standard-args-schema.js';
import { standardJsonSchemaOf } from './standard-json-schema-of.js';

/** Decoders by validator: schemas are immutable, so every tool built from one validator shares its decoder. */
const compiled = new WeakMap<object, ArgsDecoder<unknown>>();

/**
 * Compiles (once per validator) the decoder of a Standard Schema `argsType` (a zod 4 schema, or a validator paired with
 * a JSON Schema by `withJsonSchema`). The model is shown the validator's JSON Schema; the validator
 * itself (`~standard.validate`: zod's own parse, refinements and transforms included) checks the
 * arguments, and its output is what the tool receives.
 * @param validator - the Standard Schema validator
 * @param subject - the tool, for messages
 * @returns the decoder
 * @throws InvalidToolDefinitionError when the validator gives no JSON Schema, or not one of an object
 */
export function compileStandardSchemaDecoder<TArgs>(validator: StandardSchemaV1<unknown, TArgs>, subject: string): ArgsDecoder<TArgs> {
  const known = compiled.get(validator);
  if (known !== undefined) return known as ArgsDecoder<TArgs>;
  if (!hasStandardJsonSchema(validator)) {
    const vendor = validator['~standard'].vendor;
    throw new InvalidToolDefinitionError(
      subject,
      vendor === 'zod'
        ? 'its zod schema gives no JSON Schema for the model (zod 4.2 and later do): upgrade zod, or pass ' +
            "argsType: withJsonSchema(schema, z.toJSONSchema(schema, { io: 'input' }))."
        : `a ${vendor} validator needs the JSON Schema the model is shown: pass argsType: withJsonSchema(validator, jsonSchema).`,
    );
  }
  const decoder = new StandardSchemaDecoder(validator, standardJsonSchemaOf(validator, subject));
  compiled.set(validator, decoder);
  return decoder;
}

/**
 * Decode = parse (within the limits) → the cleaning pass of the JSON Schema (forbidden keys,
 * undeclared arguments dropped, null for an optional argument as absent, a private copy) → the
 * validator, synchronously. Never throws: a validator that throws gives a violation and `thrown` (user code,
 * told as the environment's errorDetail says); one that answers with a Promise gives a violation.
 */
class StandardSchemaDecoder<TArgs> implements ArgsDecoder<TArgs> {
  private readonly clean: ArgumentCleaner;
  private readonly standard: StandardSchemaV1.Props<unknown, TArgs>;
  private readonly zodSafeParse: ZodParse<TArgs> | undefined;

  constructor(
    validator: StandardSchemaV1<unknown, TArgs>,
    readonly schema: JsonSchema,
  ) {
    this.standard = validator['~standard'];
    this.zodSafeParse = zodSafeParse(validator, this.standard.vendor);
    this.clean = compileArgumentCleaner(schema);
  }

  decode(raw: unknown, limits: ArgumentLimits): DecodeOutcome<TArgs> {
    const sink: ViolationSink = [];
    const plain = parseArguments(raw, limits, sink);
    if (plain === undefined) return fail(sink, limits);
    const pass: CleanPass = { copy: typeof raw !== 'string', sink };
    const value = this.clean(plain, pass);
    if (sink.length > 0) return fail(sink, limits);
    let result: StandardSchemaV1.Result<TArgs> | Promise<StandardSchemaV1.Result<TArgs>>;
    try {
      result = this.validateSync(value);
    } catch (error) {
      if (!isZodAsyncError(error)) {
        // User code threw: what it said follows the environment's errorDetail, so the violation names none of it.
        addViolation(sink, '', 'validator', 'the argument validator threw an error');
        return { ...fail(sink, limits), thrown: error } as DecodeOutcome<TArgs>;
      }
      result = Promise.resolve({ issues: [] });
    }
    if (isThenable(result)) {
      Promise.resolve(result).catch(() => undefined); // never an unhandled rejection
      addViolation(
        sink,
        '',
        'validator',
        'the argument validator is asynchronous (it returned a Promise) and toolcraft validates arguments synchronously; ' +
          'the tool must use a synchronous schema (zod: no async refine or transform)',
      );
      return fail(sink, limits);
    }
    if (result.issues !== undefined) {
      addIssueViolations(result.issues, value, sink, {
        vendor: this.standard.vendor,
        schema: this.schema,
        maxViolations: limits.maxViolations ?? defaultArgumentLimits.maxViolations,
        maxQuoted: limits.maxQuotedLength ?? defaultArgumentLimits.maxQuotedLength,
      });
      if (sink.length === 0) addViolation(sink, '', 'invalid', 'the arguments are invalid');
      return { ok: false, violations: sink }; // already bounded, the rest counted
    }
    return { ok: true, value: result.value };
  }

  /**
   * Runs the validator. zod's `~standard.validate` answers a refine that throws synchronously with a
   * rejected Promise (as if it were asynchronous), so a zod schema is run with its public `safeParse`,
   * which throws what the refine threw (and zod's own error for a truly asynchronous schema).
   */
  private validateSync(value: unknown): StandardSchemaV1.Result<TArgs> | Promise<StandardSchemaV1.Result<TArgs>> {
    const zod = this.zodSafeParse;
    if (zod === undefined) return this.standard.validate(value);
    const parsed = zod(value);
    return parsed.success ? { value: parsed.data } : { issues: parsed.error.issues };
  }
}

/** What zod's `safeParse` answers. */
type ZodParse<TArgs> = (value: unknown) => { success: true; data: TArgs } | { success: false; error: { issues: StandardSchemaV1.Issue[] } };

function zodSafeParse<TArgs>(validator: object, vendor: string): ZodParse<TArgs> | undefined {
  const safeParse = (validator as { safeParse?: unknown }).safeParse;
  return vendor === 'zod' && typeof safeParse === 'function' ? (safeParse.bind(validator) as ZodParse<TArgs>) : undefined;
}

/** zod's error for a Promise met during a synchronous parse (an async refine or transform). */
function isZodAsyncError(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('Encountered Promise during synchronous parse');
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as Partial<PromiseLike<unknown>>).then === 'function';
}

/** The violations, at most `maxViolations` of them, the rest counted. */
function fail<TArgs>(sink: ViolationSink, limits: ArgumentLimits): DecodeOutcome<TArgs> {
  const max = limits.maxViolations ?? defaultArgumentLimits.maxViolations;
  if (sink.length <= max) return { ok: false, violations: sink };
  const violations = sink.slice(0, max);
  addOmitted(violations, sink.length - max);
  return { ok: false, violations };
}
