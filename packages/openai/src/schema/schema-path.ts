/** The JSONPath of the schema root, as {@link StrictSchemaError} reports it. */
export const rootPath = '$';

/**
 * The path of a named child (a property or a definition).
 * @param path - the parent's path
 * @param name - the property or definition name
 * @returns `$.name`, or `$["odd name"]` when the name is not an identifier
 */
export function childPath(path: string, name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? `${path}.${name}` : `${path}[${JSON.stringify(name)}]`;
}

/**
 * The path of the items of an array schema.
 * @param path - the array's path
 * @returns `path[*]`
 */
export function itemsPath(path: string): string {
  return `${path}[*]`;
}

/**
 * The path of one branch of a union.
 * @param path - the union's path
 * @param keyword - `anyOf`, `oneOf` or `allOf`
 * @param index - the branch's index
 * @returns `path.anyOf[index]`
 */
export function branchPath(path: string, keyword: string, index: number): string {
  return `${path}.${keyword}[${index}]`;
}
