import { SchemaArgsDecoder } from '../decoding/schema-args-decoder.js';
import type { ToolSchemaManifestEntry } from '../manifest/tool-schema-manifest.js';
import { CodecArgsDecoder } from '../decoding/codec-args-decoder.js';
import { ToolMetadataReader } from '../metadata/tool-metadata-reader.js';
import { compileArgsClass, type ArgsClass } from '../schema/class-args/compile-args-class.js';
import { isArgsClass } from './is-args-class.js';
import { needsOf, type ParameterPlan, type ParameterSlot } from './parameter-plan.js';

/**
 * Plans a tool method's parameters from a build-time manifest entry: the schema and parameter
 * order come from the TypeScript source, validated with ajv (compiled once). An Args-class
 * parameter is compiled from its class, as with reflection, when `design:paramtypes` names the
 * class; else it is the plain object the manifest's schema validated. A `Date` parameter becomes a `Date`.
 * @param entry - the manifest entry of the method
 * @param owner - the prototype (or constructor) that declares the method
 * @param subject - the tool, for messages
 * @returns the plan
 */
export function planFromManifest(entry: ToolSchemaManifestEntry, owner: object, subject: string): ParameterPlan {
  const types = entry.methodName === undefined ? undefined : ToolMetadataReader.readParameterTypes(owner, entry.methodName);
  const argsIndex = entry.parameters.findIndex((parameter) => parameter.argsObject === true);
  const argsClass = types?.[argsIndex];
  if (argsIndex !== -1 && isArgsClass(argsClass)) return planForArgsClass(entry, argsClass, subject);
  const slots = entry.parameters.map((parameter, index): ParameterSlot => {
    if (parameter.injected === 'AgentContext') return { kind: 'context' };
    if (parameter.injected === 'ToolCallMetadata') return { kind: 'metadata' };
    if (parameter.argsObject === true) {
      const type = types?.[index];
      return typeof type === 'function' && type !== Object
        ? { kind: 'argsObject', argsClass: type as new () => unknown }
        : { kind: 'argsObject' };
    }
    return parameter.decodeAs === 'Date'
      ? { kind: 'argument', name: parameter.name, decodeAs: 'Date' }
      : { kind: 'argument', name: parameter.name };
  });
  return { decoder: new SchemaArgsDecoder(entry.inputSchema, subject), slots, needs: needsOf(slots) };
}

/**
 * With the Args class known at runtime, it is compiled as for reflection: every class-validator
 * decorator is enforced (the manifest's schema holds only those it could map) and the method gets
 * a real instance. The manifest still places the injected parameters.
 */
function planForArgsClass(entry: ToolSchemaManifestEntry, argsClass: ArgsClass, subject: string): ParameterPlan {
  const compiled = compileArgsClass(argsClass, subject);
  const slots = entry.parameters.map((parameter): ParameterSlot => {
    if (parameter.injected === 'AgentContext') return { kind: 'context' };
    if (parameter.injected === 'ToolCallMetadata') return { kind: 'metadata' };
    return { kind: 'argsObject' };
  });
  return { decoder: new CodecArgsDecoder(compiled.codec, compiled.needsClassValidator), slots, needs: needsOf(slots) };
}
