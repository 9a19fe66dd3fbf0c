import { SchemaArgsDecoder } from '../decoding/schema-args-decoder.js';
import type { ToolSchemaManifestEntry } from '../manifest/tool-schema-manifest.js';
import { needsOf, type ParameterPlan, type ParameterSlot } from './parameter-plan.js';

/**
 * Plans a tool method's parameters from a build-time manifest entry: the schema and parameter
 * order come from the TypeScript source, validated with ajv (compiled once).
 * @param entry - the manifest entry of the method
 * @param subject - the tool, for messages
 * @returns the plan
 */
export function planFromManifest(entry: ToolSchemaManifestEntry, subject: string): ParameterPlan {
  const slots = entry.parameters.map((parameter): ParameterSlot => {
    if (parameter.injected === 'AgentContext') return { kind: 'context' };
    if (parameter.injected === 'ToolCallMetadata') return { kind: 'metadata' };
    return { kind: 'argument', name: parameter.name };
  });
  return { decoder: new SchemaArgsDecoder(entry.inputSchema, subject), slots, needs: needsOf(slots) };
}
