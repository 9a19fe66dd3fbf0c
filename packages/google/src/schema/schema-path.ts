/** The JSONPath of a schema's root, as `ProviderSchemaError.path` reports it. */
export const rootPath = '$';

/**
 * The path of a keyword's value inside a schema node (`$.items`, `$.properties`).
 * @param path - the node's path
 * @param keyword - the keyword
 * @returns the keyword's path
 */
export function keywordPath(path: string, keyword: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(keyword) ? `${path}.${keyword}` : `${path}[${JSON.stringify(keyword)}]`;
}

/**
 * The path of a named property's schema.
 * @param path - the object schema's path
 * @param name - the property name
 * @returns `$.properties.name`, or `$.properties["odd name"]` when the name is not an identifier
 */
export function propertyPath(path: string, name: string): string {
  return keywordPath(`${path}.properties`, name);
}

/**
 * The path of one branch of a union or an intersection.
 * @param path - the node's path
 * @param keyword - `anyOf`, `oneOf` or `allOf`
 * @param index - the branch's index
 * @returns `$.anyOf[1]`
 */
export function branchPath(path: string, keyword: string, index: number): string {
  return `${path}.${keyword}[${index}]`;
}
