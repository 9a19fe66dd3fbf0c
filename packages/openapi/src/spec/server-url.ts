import { OpenApiSpecError } from '../errors/openapi-spec-error.js';
import type { Server } from './openapi-document.js';

/**
 * The URL of a server (the first of a `servers` list), its `{variables}` filled: from `variables`
 * (the `serverVariables` option) when given there, else from the spec's default; a relative URL is
 * resolved against `base` (the toolset's base URL).
 * @param servers - the operation's, path's or spec's `servers`
 * @param variables - values for server variables, by name
 * @param where - the spec or the operation, for errors
 * @param base - the absolute URL a relative server URL is resolved against, if any
 * @returns the absolute `http(s)` URL, or undefined when the list is empty
 * @throws OpenApiSpecError for a variable with no value, a value its `enum` does not list, or a URL that is not absolute
 */
export function serverUrl(
  servers: readonly Server[] | undefined,
  variables: Readonly<Record<string, string>>,
  where: string,
  base?: string,
): string | undefined {
  const server = servers?.[0];
  if (server === undefined) return undefined;
  if (typeof server?.url !== 'string')
    throw new OpenApiSpecError(where, `its server has no URL (servers[0] is ${JSON.stringify(server)}); give baseUrl.`);
  const declared = server.variables ?? {};
  const filled = server.url.replace(/\{([^{}]+)\}/g, (_match, name: string) => {
    const spec = Object.hasOwn(declared, name) ? declared[name] : undefined;
    const value = Object.hasOwn(variables, name) ? variables[name] : spec?.default;
    if (typeof value !== 'string')
      throw new OpenApiSpecError(
        where,
        `its server URL ${server.url} has the variable {${name}} with no default: give it in serverVariables ({ ${name}: '...' }).`,
      );
    if (Array.isArray(spec?.enum) && spec.enum.length > 0 && !spec.enum.includes(value))
      throw new OpenApiSpecError(
        where,
        `the server variable {${name}} is ${JSON.stringify(value)}, which its enum does not list (${spec.enum.map((item) => JSON.stringify(item)).join(', ')}).`,
      );
    return value;
  });
  let url: URL;
  try {
    url = new URL(filled, base);
  } catch {
    throw new OpenApiSpecError(where, `its server URL ${JSON.stringify(filled)} is not an absolute URL: give baseUrl.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OpenApiSpecError(where, `its server URL ${filled} is not an http(s) URL: give baseUrl.`);
  return url.href.replace(/\/$/, '');
}
