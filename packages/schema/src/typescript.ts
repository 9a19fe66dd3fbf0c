/**
 * The one copy of the TypeScript compiler API that toolcraft-schema uses: the copy
 * typescript-json-schema was loaded with, so types from our program and the
 * generator's checks (flags, syntax kinds) always agree.
 */
export { ts, JsonSchemaGenerator, getDefaultArgs } from 'typescript-json-schema';
export type { Definition } from 'typescript-json-schema';
