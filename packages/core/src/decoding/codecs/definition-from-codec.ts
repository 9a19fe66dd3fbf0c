import type { ArgsDefinition, CustomConstraintPlan } from '../../schema/args-definition.js';
import type { InstancePlan } from '../../schema/instance-plan.js';
import { ArrayCodec } from './array-codec.js';
import { DateCodec } from './date-codec.js';
import { ObjectCodec } from './object-codec.js';
import type { ValueCodec } from './value-codec.js';

/** A codec that stands for a compiled {@link ArgsDefinition} inside a codec tree (transitional). */
export class DefinitionCodec implements ValueCodec {
  readonly expected = 'an object';
  readonly schema: ArgsDefinition['schema'];

  /** @param definition - the compiled definition */
  constructor(readonly definition: ArgsDefinition) {
    this.schema = definition.schema;
  }

  decode(): unknown {
    throw new Error('DefinitionCodec is decoded through compileArgsDecoder');
  }
}

/**
 * The {@link ArgsDefinition} of a codec tree (transitional, while method plans still build codecs):
 * the codec's schema, and the instance plan and custom constraints its codecs imply.
 * @param codec - an object codec
 * @returns the definition
 */
export function definitionFromCodec(codec: ValueCodec): ArgsDefinition {
  const known = definitionOf(codec);
  if (known !== undefined) return known;
  const plan = planOf(codec);
  const customConstraints = constraintsOf(codec);
  return { schema: codec.schema, ...(plan ? { plan } : {}), ...(customConstraints ? { customConstraints } : {}) };
}

/** A compiled Args class's codec view carries its definition (see `CompiledArgsClass.codec`). */
function definitionOf(codec: ValueCodec): ArgsDefinition | undefined {
  if (codec instanceof DefinitionCodec) return codec.definition;
  const definition = (codec as { definition?: ArgsDefinition }).definition;
  return typeof definition === 'object' && definition !== null ? definition : undefined;
}

function planOf(codec: ValueCodec): InstancePlan | undefined {
  const definition = definitionOf(codec);
  if (definition !== undefined) return definition.plan;
  if (codec instanceof DateCodec) return { kind: 'date' };
  if (codec instanceof ArrayCodec) {
    const items = codec.items === undefined ? undefined : planOf(codec.items);
    return items === undefined ? undefined : { kind: 'array', items };
  }
  if (codec instanceof ObjectCodec) {
    const properties: Record<string, InstancePlan | undefined> = {};
    for (const property of codec.properties) properties[property.name] = planOf(property.codec);
    return { kind: 'object', create: codec.create, properties };
  }
  return undefined;
}

function constraintsOf(codec: ValueCodec): CustomConstraintPlan | undefined {
  const definition = definitionOf(codec);
  if (definition !== undefined) return definition.customConstraints;
  if (codec instanceof ArrayCodec) {
    const items = codec.items === undefined ? undefined : constraintsOf(codec.items);
    return items === undefined ? undefined : { kind: 'array', items };
  }
  if (!(codec instanceof ObjectCodec)) return undefined;
  const properties: Extract<CustomConstraintPlan, { kind: 'object' }>['properties'][number][] = [];
  for (const property of codec.properties) {
    const inner = constraintsOf(property.codec);
    if (property.customConstraints === undefined && inner === undefined) continue;
    properties.push({
      name: property.name,
      ...(property.customConstraints ? { constraints: property.customConstraints } : {}),
      ...(inner ? { inner } : {}),
    });
  }
  return properties.length > 0 ? { kind: 'object', properties } : undefined;
}
