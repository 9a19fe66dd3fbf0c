import { Brands, hasBrand } from '../brands.js';
import { ArrayCodec } from '../decoding/codecs/array-codec.js';
import { DateCodec } from '../decoding/codecs/date-codec.js';
import { ObjectCodec, type PropertyCodec } from '../decoding/codecs/object-codec.js';
import { PrimitiveCodec } from '../decoding/codecs/primitive-codec.js';
import type { ValueCodec } from '../decoding/codecs/value-codec.js';
import { CodecArgsDecoder } from '../decoding/codec-args-decoder.js';
import { InvalidToolDefinitionError } from '../errors/invalid-tool-definition-error.js';
import { ToolMetadataReader } from '../metadata/tool-metadata-reader.js';
import { compileArgsClass } from '../schema/class-args/compile-args-class.js';
import { isArgsClass } from './is-args-class.js';
import { readParameterNames } from './parameter-names.js';
import { needsOf, type ParameterPlan, type ParameterSlot } from './parameter-plan.js';

/**
 * Plans a tool method's parameters from reflection: names from its compiled source, types from
 * `design:paramtypes`, descriptions from `@LLMDescription`. One parameter of an Args class is
 * decoded as in a `Tool`; `AgentContext` and `ToolCallMetadata` parameters are injected.
 * @throws InvalidToolDefinitionError when a parameter's type cannot be described
 */
export function planFromReflection(
  owner: object,
  methodName: string,
  method: (...args: never[]) => unknown,
  subject: string,
): ParameterPlan {
  const names = readParameterNames(method);
  const types = ToolMetadataReader.readParameterTypes(owner, methodName);
  if (types === undefined && names.length > 0) {
    throw new InvalidToolDefinitionError(
      subject,
      'TypeScript emitted no parameter types (design:paramtypes). Enable "emitDecoratorMetadata" and "experimentalDecorators" in ' +
        'tsconfig.json, or generate a build-time schema manifest with @toolcraft/schema and pass it to ToolRegistry.builder().schemas(manifest).',
    );
  }
  const slots: ParameterSlot[] = [];
  const properties: PropertyCodec[] = [];
  names.forEach((parameter, index) => {
    const type = types?.[index];
    if (hasBrand(type, Brands.agentContext)) return void slots.push({ kind: 'context' });
    if (hasBrand(type, Brands.toolCallMetadata)) return void slots.push({ kind: 'metadata' });
    const where = `${subject} (parameter ${index + 1}, '${parameter.name}')`;
    if (parameter.unnamed) {
      throw new InvalidToolDefinitionError(
        where,
        'destructured and rest parameters have no name to show the model; use named parameters or one Args class.',
      );
    }
    const description = ToolMetadataReader.readParameterDescription(owner, methodName, index);
    properties.push({
      name: parameter.name,
      codec: codecForType(type, where, subject),
      required: !parameter.hasDefault,
      ...(description ? { description } : {}),
    });
    slots.push({ kind: 'argument', name: parameter.name });
  });
  const argumentSlots = slots.filter((slot) => slot.kind === 'argument');
  const onlyArgs = argumentSlots.length === 1 ? types?.[slots.indexOf(argumentSlots[0])] : undefined;
  if (onlyArgs !== undefined && isArgsClass(onlyArgs)) {
    const compiled = compileArgsClass(onlyArgs, subject);
    const withArgsObject = slots.map((slot): ParameterSlot => (slot.kind === 'argument' ? { kind: 'argsObject' } : slot));
    return { decoder: new CodecArgsDecoder(compiled.codec, compiled.needsClassValidator), slots: withArgsObject, needs: needsOf(slots) };
  }
  const codec = new ObjectCodec(properties, () => ({}));
  return { decoder: new CodecArgsDecoder(codec), slots, needs: needsOf(slots) };
}

function codecForType(type: unknown, where: string, subject: string): ValueCodec {
  if (type === String) return new PrimitiveCodec('string');
  if (type === Number) return new PrimitiveCodec('number');
  if (type === Boolean) return new PrimitiveCodec('boolean');
  if (type === Date) return new DateCodec();
  if (type === Array) return new ArrayCodec(undefined);
  if (isArgsClass(type)) return compileArgsClass(type, subject).codec;
  const name = typeof type === 'function' ? type.name : String(type);
  throw new InvalidToolDefinitionError(
    where,
    `its runtime type is ${name}, which says nothing useful (an interface, a union, a literal type, any or unknown all become Object). ` +
      'Take one Args class with class-validator decorators instead, or generate a build-time schema manifest with @toolcraft/schema. ' +
      'If this parameter is meant to be injected (AgentContext or ToolCallMetadata), import that class as a value ' +
      "(import { AgentContext } from '@toolcraft/core', not import type), so TypeScript emits its runtime type.",
  );
}
