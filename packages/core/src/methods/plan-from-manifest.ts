import { SchemaArgsDecoder } from '../decoding/schema-args-decoder.js';
import type { ToolSchemaManifestEntry } from '../manifest/tool-schema-manifest.js';
import { ToolMetadataReader } from '../metadata/tool-metadata-reader.js';
import { needsOf, type ParameterPlan, type ParameterSlot } from './parameter-plan.js';

/**
 * Plans a tool method's parameters from a build-time manifest entry: the schema and parameter
 * order come from the TypeScript source, validated with ajv (compiled once). An Args-class
 * parameter becomes an instance of its class when `design:paramtypes` names the class, else it
 * stays the validated plain object; a `Date` parameter becomes a `Date`.
 * @param entry - the manifest entry of the method
 * @param owner - the prototype (or constructor) that declares the method
 * @param subject - the tool, for messages
 * @returns the plan
 */
export function planFromManifest(entry: ToolSchemaManifestEntry, owner: object, subject: string): ParameterPlan {
  const types = entry.methodName === undefined ? undefined : ToolMetadataReader.readParameterTypes(owner, entry.methodName);
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
