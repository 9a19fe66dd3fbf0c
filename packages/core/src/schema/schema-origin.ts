/**
 * Where a tool's schema comes from: `'own'`, written by the application (its patterns run in linear
 * time when RE2 can match them, else on JavaScript's `RegExp`, as written); `'imported'`, from
 * elsewhere, such as an MCP server (every pattern runs in linear time, and a schema with one that
 * cannot is refused).
 */
export type SchemaOrigin = 'own' | 'imported';
