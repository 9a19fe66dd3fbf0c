import type { AgentContext } from '@toolcraft/core';
import type { SecurityRequirement, SecurityScheme } from '../spec/openapi-document.js';

/** A configured credential: a key or token, or a user and password (HTTP basic). */
export type OpenApiCredential = string | { username: string; password: string };

/** Where the request's credentials go. */
export interface AuthTarget {
  headers: Record<string, string>;
  query: URLSearchParams;
  cookies: string[];
}

/**
 * Puts an operation's credentials on its request: the first security requirement whose schemes all
 * have a credential (configured in `auth`, or provided by the host for this call) is used; an empty
 * requirement means none is needed. When none can be met, the call asks the host with
 * `context.requestCredential` (key `openapi.<scheme>`), which pauses the run until it is answered.
 * @param requirements - the operation's (or the spec's) security requirements
 * @param schemes - the spec's security schemes
 * @param auth - the configured credentials, by scheme name
 * @param context - the call's context
 * @param target - the request's headers, query and cookies
 */
export function applyAuth(
  requirements: readonly SecurityRequirement[] | undefined,
  schemes: Readonly<Record<string, SecurityScheme>>,
  auth: Readonly<Record<string, OpenApiCredential>>,
  context: AgentContext,
  target: AuthTarget,
): void {
  if (requirements === undefined || requirements.length === 0) return;
  const credentialOf = (name: string): OpenApiCredential | undefined =>
    auth[name] ?? context.credential<OpenApiCredential>(`openapi.${name}`);
  for (const requirement of requirements) {
    const names = Object.keys(requirement);
    if (names.length === 0) return;
    if (!names.every((name) => schemes[name] !== undefined && credentialOf(name) !== undefined)) continue;
    for (const name of names) put(schemes[name]!, credentialOf(name)!, target);
    return;
  }
  const name =
    Object.keys(requirements[0]!).find((candidate) => credentialOf(candidate) === undefined) ?? Object.keys(requirements[0]!)[0]!;
  const scheme = schemes[name];
  context.requestCredential({
    key: `openapi.${name}`,
    scheme: scheme?.type ?? 'unknown',
    description: scheme?.description ?? `The ${name} credential of this API (${describe(scheme)}).`,
    ...(requirements[0]![name]!.length > 0 ? { scopes: requirements[0]![name]! } : {}),
  });
}

function put(scheme: SecurityScheme, credential: OpenApiCredential, target: AuthTarget): void {
  const secret = typeof credential === 'string' ? credential : '';
  switch (scheme.type) {
    case 'apiKey':
      if (scheme.in === 'query') target.query.set(scheme.name ?? 'api_key', secret);
      else if (scheme.in === 'cookie') target.cookies.push(`${scheme.name ?? 'api_key'}=${encodeURIComponent(secret)}`);
      else target.headers[scheme.name ?? 'X-API-Key'] = secret;
      return;
    case 'http':
      if (scheme.scheme?.toLowerCase() === 'basic') {
        const pair = typeof credential === 'string' ? credential : `${credential.username}:${credential.password}`;
        target.headers.Authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
      } else target.headers.Authorization = `Bearer ${secret}`;
      return;
    default:
      // OAuth2 and OpenID Connect: the access token as a bearer token.
      target.headers.Authorization = `Bearer ${secret}`;
  }
}

function describe(scheme: SecurityScheme | undefined): string {
  if (scheme === undefined) return 'a scheme the spec does not define';
  if (scheme.type === 'apiKey') return `an API key sent in the ${scheme.in ?? 'header'} '${scheme.name ?? ''}'`;
  if (scheme.type === 'http') return `HTTP ${scheme.scheme ?? 'bearer'} authentication`;
  return `an ${scheme.type} access token`;
}
