/** The JSONPath of the schema root, as `ProviderSchemaError` reports it. */
export const rootPath = '$';

/**
 * The path of a named child (a property or a definition) under a keyword.
 * @param path - the parent's path
 * @param keyword - the keyword holding the child (`properties`, `$defs`)
 * @param name - the property or definition name
 * @returns `$.properties.name`, or `$.properties["odd name"]` when the name is not an identifier
 */
export function namedPath(path: string, keyword: string, name: string): string {
  const key = /^[A-Za-z_$][\w$]*$/.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`;
  return `${path}.${keyword}${key}`;
}

/**
 * The path of one schema in a list (a union branch, a tuple item).
 * @param path - the parent's path
 * @param keyword - `anyOf`, `oneOf`, `allOf`, `prefixItems`
 * @param index - the position
 * @returns `path.anyOf[index]`
 */
export function indexedPath(path: string, keyword: string, index: number): string {
  return `${path}.${keyword}[${index}]`;
}

/**
 * The path of a schema under a keyword that holds one schema (`items`, `not`, `additionalProperties`).
 * @param path - the parent's path
 * @param keyword - the keyword
 * @returns `path.keyword`
 */
export function keywordPath(path: string, keyword: string): string {
  return `${path}.${keyword}`;
}
