import { compileArgsDecoder } from '../decoding/compile-args-decoder.js';
import type { ToolSchemaManifestEntry } from '../manifest/tool-schema-manifest.js';
import { ToolMetadataReader } from '../metadata/tool-metadata-reader.js';
import type { InstancePlan } from '../schema/instance-plan.js';
import type { JsonSchema } from '../schema/json-schema.js';
import { isArgsClass } from './is-args-class.js';
import type { SourceParameter } from './parameter-names.js';
import { needsOf, type ParameterPlan, type ParameterSlot } from './parameter-plan.js';
import { parameterDefinition } from './parameter-schema.js';
import { isRequiredInSource } from './plan-from-reflection.js';
import { warnManifestMismatch } from './warn-manifest-mismatch.js';

/**
 * Plans a tool method's parameters from a build-time manifest entry: the schema and parameter
 * order come from the TypeScript source. An Args-class parameter known at runtime (through
 * `design:paramtypes`) is compiled from its class, exactly as with reflection, so both paths show
 * the same flattened schema; else the method gets the plain object the manifest's schema validated.
 * A `Date` parameter becomes a `Date`. Where reflection would describe a parameter differently
 * (optional in one, required in the other; an Args class nested in the manifest), a warning names it.
 * @param entry - the manifest entry of the method
 * @param owner - the prototype (or constructor) that declares the method
 * @param names - the method's parameters, read from its source (already checked against the entry)
 * @param subject - the tool, for messages
 * @returns the plan
 */
export function planFromManifest(
  entry: ToolSchemaManifestEntry,
  owner: object,
  names: readonly SourceParameter[],
  subject: string,
): ParameterPlan {
  const methodName = entry.methodName ?? '';
  const types = ToolMetadataReader.readParameterTypes(owner, methodName);
  const visible = entry.parameters.flatMap((parameter, index) => (parameter.injected === undefined ? [index] : []));
  const argsIndex = visible.length === 1 ? visible[0]! : -1;
  const argsClass =
    argsIndex === -1 ? undefined : (ToolMetadataReader.readParameterOptions(owner, methodName, argsIndex)?.type ?? types?.[argsIndex]);
  const slots = entry.parameters.map((parameter, index): ParameterSlot => {
    if (parameter.injected === 'AgentContext') return { kind: 'context' };
    if (parameter.injected === 'ToolCallMetadata') return { kind: 'metadata' };
    if (index === argsIndex && (parameter.argsObject === true || isArgsClass(argsClass))) return { kind: 'argsObject' };
    return { kind: 'argument', name: parameter.name };
  });
  if (isArgsClass(argsClass)) {
    if (entry.parameters[argsIndex]?.argsObject !== true) {
      warnManifestMismatch(
        subject,
        `its parameter '${entry.parameters[argsIndex]?.name ?? ''}' is an Args class, which both paths show flattened (its properties at the top level), ` +
          'but the manifest describes it nested. Regenerate the manifest with this version of toolcraft-schema.',
      );
    }
    return { decoder: compileArgsDecoder(parameterDefinition(argsClass, subject, subject), subject), slots, needs: needsOf(slots) };
  }
  // Without design:paramtypes (tsx, esbuild, swc without decorator metadata) there is no reflection to disagree with.
  if (types !== undefined) warnOptionalityMismatches(entry, owner, names, types, subject);
  const dates: Record<string, InstancePlan> = {};
  for (const parameter of entry.parameters)
    if (parameter.decodeAs === 'Date' && parameter.argsObject !== true) dates[parameter.name] = { kind: 'date' };
  const plan: InstancePlan | undefined = Object.keys(dates).length > 0 ? { kind: 'object', properties: dates } : undefined;
  return {
    decoder: compileArgsDecoder({ schema: entry.inputSchema as JsonSchema, ...(plan ? { plan } : {}) }, subject),
    slots,
    needs: needsOf(slots),
  };
}

function warnOptionalityMismatches(
  entry: ToolSchemaManifestEntry,
  owner: object,
  names: readonly SourceParameter[],
  types: readonly unknown[],
  subject: string,
): void {
  entry.parameters.forEach((parameter, index) => {
    const source = names[index];
    if (parameter.injected !== undefined || parameter.argsObject === true || source === undefined) return;
    const options = ToolMetadataReader.readParameterOptions(owner, entry.methodName ?? '', index);
    // A type reflection refuses (Object: an interface, a union, any...) means the tool only works with the manifest.
    if (!isReflectable(options?.type ?? types[index])) return;
    const optional = options?.optional;
    const required = isRequiredInSource(source, optional);
    if (required === parameter.required) return;
    warnManifestMismatch(
      subject,
      parameter.required
        ? `the parameter '${parameter.name}' is required in the manifest but optional under reflection (it has a default or @LLMDescription({ optional: true })). Regenerate the manifest.`
        : `the parameter '${parameter.name}' is optional in the manifest but required under reflection, which cannot see '?'. ` +
            `Mark it @LLMDescription({ description, optional: true }) (or give it a default value) so both agree.`,
    );
  });
}

/** Whether reflection can describe a parameter of this runtime type (see parameterDefinition). */
function isReflectable(type: unknown): boolean {
  if (Array.isArray(type)) return type.length === 1 && isReflectable(type[0]);
  return (
    type === String || type === Number || type === Boolean || type === Date || type === Array || type === 'integer' || isArgsClass(type)
  );
}
