import type { JsonSchema } from '@toolcraft/core';
import { getDefaultArgs, JsonSchemaGenerator } from '../typescript.js';
import type { ts } from '../typescript.js';
import { normalizeDefinition } from './normalize-definition.js';

/**
 * typescript-json-schema over one program: gives the schema of any `ts.Type` of that
 * program (a parameter's type, an Args type, a property's type), inlined, with
 * `$defs` only for recursive types. One generator serves the whole run.
 */
export class TypeSchemaSource {
  private readonly types: Record<string, ts.Type> = {};
  private readonly generator: JsonSchemaGenerator;
  private readonly cache = new Map<ts.Type, JsonSchema>();
  private count = 0;

  /** @param checker - the type checker of the run's program */
  constructor(checker: ts.TypeChecker) {
    const args = {
      ...getDefaultArgs(),
      ref: false,
      aliasRef: false,
      topRef: false,
      required: true,
      strictNullChecks: true,
      titles: false,
      defaultProps: false,
      noExtraProps: false,
      propOrder: false,
      excludePrivate: true,
      ignoreErrors: true,
    };
    // The generator looks symbols up by name in `types`; each request registers its type under a fresh name.
    this.generator = new JsonSchemaGenerator([], this.types, {}, {}, checker, args);
  }

  /**
   * Generates the JSON Schema of a type.
   * @param type - any type of the program
   * @returns a self-contained schema (recursive types through `$defs`), a fresh copy the caller may change
   */
  schemaOf(type: ts.Type): JsonSchema {
    let schema = this.cache.get(type);
    if (schema === undefined) this.cache.set(type, (schema = this.generate(type)));
    return structuredClone(schema);
  }

  private generate(type: ts.Type): JsonSchema {
    const name = `__toolcraft_schema_${this.count++}`;
    this.types[name] = type;
    try {
      const definition = this.generator.getSchemaForSymbol(name, false);
      return normalizeDefinition(definition, this.generator.ReffedDefinitions);
    } finally {
      delete this.types[name];
    }
  }
}
