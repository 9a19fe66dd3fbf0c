import type { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js';
import type { Resource } from '@modelcontextprotocol/sdk/types.js';
import type { MethodResource } from '@toolcraft/core/internal';

/** What one entry of a template's `list` may be: a URI, or a resource (`ListedResource` of `@toolcraft/core/annotations`). */
const shape = '{ uri, name?, title?, description?, mimeType? } or a URI string';

/**
 * Reads what a template's `list` method returned into `resources/list` entries: each a URI string or
 * `{ uri, name, title, description, mimeType }` (strings), its URI matching the template; its name
 * defaults to its URI and its media type to the template's.
 * @param resource - the template
 * @param matcher - the template's matcher
 * @param value - what the method returned (awaited)
 * @returns the entries
 * @throws Error saying which entry is wrong and what was expected
 */
export function listedResources(resource: MethodResource, matcher: UriTemplate, value: unknown): Resource[] {
  const items: unknown = value;
  if (!Array.isArray(items)) throw new Error(`it returned ${describe(items)}, not a list of resources (${shape})`);
  return items.map((item: unknown, index) => {
    const entry = typeof item === 'string' ? { uri: item } : item;
    if (typeof entry !== 'object' || entry === null || typeof (entry as { uri?: unknown }).uri !== 'string')
      throw new Error(`its entry ${index} is ${describe(item)}; expected ${shape}`);
    const { uri, name, title, description, mimeType } = entry as Record<string, unknown>;
    for (const [key, text] of Object.entries({ name, title, description, mimeType }))
      if (text !== undefined && typeof text !== 'string')
        throw new Error(`its entry ${index} (${String(uri)}) has a ${key} that is not a string`);
    if (!matches(matcher, uri as string))
      throw new Error(
        `its entry ${index} has the URI ${JSON.stringify(uri)}, which does not match the template ${JSON.stringify(resource.uri)}`,
      );
    const type = (mimeType as string | undefined) ?? resource.mimeType;
    return {
      uri: uri as string,
      name: (name as string | undefined) ?? (uri as string),
      ...(title === undefined ? {} : { title: title as string }),
      ...(description === undefined ? {} : { description: description as string }),
      ...(type === undefined ? {} : { mimeType: type }),
    };
  });
}

function matches(matcher: UriTemplate, uri: string): boolean {
  try {
    return matcher.match(uri) !== null;
  } catch {
    return false;
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'object') return Array.isArray(value) ? 'a list' : 'an object';
  return `${typeof value} ${String(JSON.stringify(value) ?? value).slice(0, 60)}`;
}
