import { Brands, hasBrand } from '../brands.js';
import { compileArgsDecoder } from '../decoding/compile-args-decoder.js';
import { InvalidToolDefinitionError } from '../errors/invalid-tool-definition-error.js';
import { ToolMetadataReader } from '../metadata/tool-metadata-reader.js';
import { argumentsDefinition, type DescribedParameter } from './arguments-definition.js';
import { isArgsClass } from './is-args-class.js';
import type { SourceParameter } from './parameter-names.js';
import { needsOf, type ParameterPlan, type ParameterSlot } from './parameter-plan.js';
import { parameterDefinition } from './parameter-schema.js';
import { withAllowedValues } from '../schema/allowed-values.js';

/**
 * Plans a tool method's parameters from reflection: names and defaults from its compiled source,
 * types from `design:paramtypes` (or `@LLMDescription({ type })`), descriptions and optionality from
 * `@LLMDescription`. A method whose only model-visible parameter is an Args class takes the class's
 * properties at the top level, as a `Tool` does; `AgentContext` and `ToolCallMetadata` are injected.
 * @param owner - the prototype (or constructor) that declares the method
 * @param methodName - the method's name
 * @param names - the method's parameters, read from its source
 * @param subject - the tool, for messages
 * @returns the plan
 * @throws InvalidToolDefinitionError when a parameter's type cannot be described
 */
export function planFromReflection(owner: object, methodName: string, names: readonly SourceParameter[], subject: string): ParameterPlan {
  const types = ToolMetadataReader.readParameterTypes(owner, methodName);
  const slots: ParameterSlot[] = [];
  const visible: Array<{ parameter: SourceParameter; type: unknown; index: number }> = [];
  names.forEach((parameter, index) => {
    const options = ToolMetadataReader.readParameterOptions(owner, methodName, index);
    const type = options?.type ?? types?.[index];
    if (hasBrand(type, Brands.agentContext)) return void slots.push({ kind: 'context' });
    if (hasBrand(type, Brands.toolCallMetadata)) return void slots.push({ kind: 'metadata' });
    const where = `${subject} (parameter ${index + 1}, '${parameter.name}')`;
    if (parameter.unnamed) {
      throw new InvalidToolDefinitionError(
        where,
        'destructured and rest parameters have no name to show the model; use named parameters or one Args class.',
      );
    }
    if (type === undefined) throw missingParameterTypes(where);
    visible.push({ parameter, type, index });
    slots.push({ kind: 'argument', name: parameter.name });
  });
  const only = visible.length === 1 ? visible[0] : undefined;
  if (only !== undefined && isArgsClass(only.type)) {
    // One Args class: its properties at the top level, the method receiving the instance.
    const withArgsObject = slots.map((slot): ParameterSlot => (slot.kind === 'argument' ? { kind: 'argsObject' } : slot));
    return {
      decoder: compileArgsDecoder(parameterDefinition(only.type, subject, subject), subject),
      slots: withArgsObject,
      needs: needsOf(slots),
    };
  }
  const parameters = visible.map(({ parameter, type, index }): DescribedParameter => {
    const where = `${subject} (parameter ${index + 1}, '${parameter.name}')`;
    const options = ToolMetadataReader.readParameterOptions(owner, methodName, index);
    const description = options?.description ?? ToolMetadataReader.readParameterDescription(owner, methodName, index);
    const definition = parameterDefinition(type, where, subject);
    return {
      name: parameter.name,
      definition:
        options?.enum === undefined ? definition : { ...definition, schema: withAllowedValues(definition.schema, options.enum, where) },
      required: isRequiredInSource(parameter, options?.optional),
      ...(description ? { description } : {}),
      ...(parameter.defaultValue !== undefined ? { defaultValue: parameter.defaultValue } : {}),
    };
  });
  return { decoder: compileArgsDecoder(argumentsDefinition(parameters), subject), slots, needs: needsOf(slots) };
}

/**
 * @param parameter - a parameter read from source
 * @param optional - the `optional` of its `@LLMDescription`
 * @returns whether reflection makes it required: no default value and not marked optional
 */
export function isRequiredInSource(parameter: SourceParameter, optional: boolean | undefined): boolean {
  return !parameter.hasDefault && optional !== true;
}

function missingParameterTypes(where: string): InvalidToolDefinitionError {
  return new InvalidToolDefinitionError(
    where,
    'it has no runtime type: there is no design:paramtypes metadata. Either "emitDecoratorMetadata" (with ' +
      '"experimentalDecorators") is off in tsconfig.json, or the build tool drops decorator metadata even when it is on ' +
      '(tsx, esbuild and Vite do; SWC does unless jsc.transform.decoratorMetadata is set). Generate a build-time schema ' +
      'manifest with @toolcraft/schema (npx toolcraft-schema) and pass it to ToolRegistry.builder().schemas(manifest), ' +
      'or give the type with @LLMDescription({ description, type: Number }).',
  );
}
