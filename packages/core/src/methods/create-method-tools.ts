import { InvalidToolDefinitionError } from '../errors/invalid-tool-definition-error.js';
import type { ToolSchemaManifest, ToolSchemaManifestEntry } from '../manifest/tool-schema-manifest.js';
import { ToolMetadataReader, type ToolMethodMetadata } from '../metadata/tool-metadata-reader.js';
import { assertToolName } from '../tools/tool-name.js';
import { checkManifestEntry } from './check-manifest-entry.js';
import { MethodTool } from './method-tool.js';
import type { ArgsDecoder } from '../decoding/args-decoder.js';
import { createArgsDecoder, type ArgsType } from '../tools/args-type.js';
import { isArgsClass } from './is-args-class.js';
import type { ToolEffects, ToolSideEffectOptions } from '../effects/tool-effects.js';
import { pickSideEffects, resolveSideEffects } from '../effects/resolve-side-effects.js';
import type { ParameterPlan } from './parameter-plan.js';
import { readParameterNames, type SourceParameter } from './parameter-names.js';
import { planFromManifest } from './plan-from-manifest.js';
import { planFromReflection } from './plan-from-reflection.js';

/**
 * Builds one tool per `@Tool` method of an instance (or, given a constructor, of its static methods).
 * @param target - a service instance, or a class for its static methods
 * @param manifest - a build-time schema manifest to use instead of reflection, if any
 * @param only - restrict to this method name
 * @returns the tools, in declaration order
 * @throws InvalidToolDefinitionError for a method that cannot be described
 */
export function createMethodTools(target: object, manifest?: ToolSchemaManifest, only?: string): MethodTool[] {
  const className = typeof target === 'function' ? target.name : target.constructor.name;
  const methods = ToolMetadataReader.readToolMethods(target, className).filter(
    (method) => only === undefined || method.methodName === only,
  );
  if (only !== undefined && methods.length === 0) {
    throw new InvalidToolDefinitionError(
      `${className}.${only}`,
      `there is no ${typeof target === 'function' ? 'static ' : ''}method '${only}' marked @Tool().`,
    );
  }
  return methods.map((metadata) => createMethodTool(target, className, metadata, manifest));
}

/**
 * @param target - a service instance, or a class for its static methods
 * @returns whether it has a method marked `@Tool()`
 */
export function hasToolMethods(target: object): boolean {
  const className = typeof target === 'function' ? target.name : target.constructor.name;
  return ToolMetadataReader.readToolMethods(target, className).length > 0;
}

function createMethodTool(target: object, className: string, metadata: ToolMethodMetadata, manifest?: ToolSchemaManifest): MethodTool {
  const { methodName, options, owner } = metadata;
  const source = `${className}.${methodName}`;
  const method = (owner as Record<string, unknown>)[methodName];
  if (typeof method !== 'function') throw new InvalidToolDefinitionError(source, '@Tool() marks something that is not a method.');
  const declaringClass = typeof owner === 'function' ? owner.name : owner.constructor.name;
  const entry = manifest?.tools[source] ?? manifest?.tools[`${declaringClass}.${methodName}`];
  const name = options.customName ?? entry?.name ?? methodName;
  assertToolName(name, source);
  const subject = `'${name}' (${source})`;
  const names = readParameterNames(method as (...args: never[]) => unknown, subject);
  const plan = entry
    ? planFromManifestChecked(entry, owner, names, subject)
    : planWithoutEntry(owner, methodName, names, subject, manifest, [source, `${declaringClass}.${methodName}`]);
  const description = ToolMetadataReader.readDescription(owner, methodName) ?? entry?.description ?? '';
  const sideEffects = { ...manifestSideEffects(entry), ...pickSideEffects(options) };
  resolveSideEffects(sideEffects, subject);
  return new MethodTool({
    name,
    description,
    receiver: target,
    method: method as (...args: unknown[]) => unknown,
    plan,
    source,
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.resultBudget !== undefined ? { resultBudget: options.resultBudget } : {}),
    ...outputOf(owner, methodName, options.outputType, subject),
    limits: { maxInvocations: options.maxInvocations, maxFailures: options.maxFailures },
    ...sideEffects,
  });
}

/**
 * The decoder of a method's result: of its `outputType` when given (an Args class, a Standard Schema or
 * a JSON Schema of an object), else of its declared return type when that is an Args class (only a
 * synchronous method's is: an async method's is `Promise`).
 * @throws InvalidToolDefinitionError for an `outputType` that cannot be described or is not an object
 */
function outputOf(owner: object, methodName: string, outputType: unknown, subject: string): { outputDecoder?: ArgsDecoder<unknown> } {
  const where = `${subject} (its outputType)`;
  if (outputType !== undefined) {
    if ((typeof outputType !== 'function' && typeof outputType !== 'object') || outputType === null)
      throw new InvalidToolDefinitionError(
        where,
        'it must be an Args class, a zod (Standard Schema) schema or a JSON Schema of an object.',
      );
    const outputDecoder = createArgsDecoder(outputType as ArgsType<unknown>, where);
    if (outputDecoder.schema.type !== 'object')
      throw new InvalidToolDefinitionError(
        where,
        `an output schema describes an object (type: "object"), got ${JSON.stringify(outputDecoder.schema.type)}.`,
      );
    return { outputDecoder };
  }
  const declared = ToolMetadataReader.readReturnType(owner, methodName);
  return isArgsClass(declared) ? { outputDecoder: createArgsDecoder(declared, where) } : {};
}

/** The side effects a manifest entry declares (the decorator's options win over them). */
function manifestSideEffects(entry: ToolSchemaManifestEntry | undefined): ToolSideEffectOptions<never> {
  if (entry === undefined) return {};
  return pickSideEffects({
    effects: entry.effects as ToolEffects | undefined,
    idempotent: entry.idempotent,
    openWorld: entry.openWorld,
    longRunning: entry.longRunning,
  });
}

function planFromManifestChecked(
  entry: ToolSchemaManifestEntry,
  owner: object,
  names: readonly SourceParameter[],
  subject: string,
): ParameterPlan {
  checkManifestEntry(entry, names, subject);
  return planFromManifest(entry, owner, names, subject);
}

/** Reflection, for a method the manifest does not list; when that fails too, the error says the manifest has no entry. */
function planWithoutEntry(
  owner: object,
  methodName: string,
  names: readonly SourceParameter[],
  subject: string,
  manifest: ToolSchemaManifest | undefined,
  keys: string[],
): ParameterPlan {
  try {
    return planFromReflection(owner, methodName, names, subject);
  } catch (error) {
    if (manifest === undefined || !InvalidToolDefinitionError.isInstance(error)) throw error;
    const known = Object.keys(manifest.tools);
    throw new InvalidToolDefinitionError(
      subject,
      `the schema manifest has no entry '${keys[0]}'${keys[1] !== keys[0] ? ` or '${keys[1]}'` : ''} ` +
        `(it lists ${known.length > 8 ? `${known.slice(0, 8).join(', ')}, ...` : known.join(', ') || 'nothing'}), and reflection failed: ${error.message} ` +
        'Regenerate the manifest with toolcraft-schema; if the code is minified, keep class names (keepNames / keep_classnames).',
      error,
    );
  }
}
