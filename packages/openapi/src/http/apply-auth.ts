import type { AgentContext } from '@toolcraft/core';
import type { SecurityRequirement, SecurityScheme } from '../spec/openapi-document.js';
import { credentialProblem } from './credential-problem.js';

/** A configured credential: a key or token, or a user and password (HTTP basic). */
export type OpenApiCredential = string | { username: string; password: string };

/** Where the request's credentials go. */
export interface AuthTarget {
  /** Headers sent only to the operation's own origin. */
  headers: Record<string, string>;
  query: URLSearchParams;
  cookies: string[];
}

/**
 * Puts an operation's credentials on its request: the first security requirement whose schemes all
 * have a credential (configured in `auth`, or provided by the host for this call) is used; an empty
 * requirement means none is needed. When none can be met, the call asks the host with
 * `context.requestCredential` (key `openapi.<scheme>`), which pauses the run until it is answered.
 * Scheme names are read as own keys only (a scheme named `toString` is a scheme like any other).
 * @param requirements - the operation's (or the spec's) security requirements
 * @param schemes - the spec's security schemes
 * @param auth - the configured credentials, by scheme name
 * @param context - the call's context
 * @param target - the request's credential headers, query and cookies
 * @throws Error for the model when the host provided an empty credential
 */
export function applyAuth(
  requirements: readonly SecurityRequirement[] | undefined,
  schemes: Readonly<Record<string, SecurityScheme>>,
  auth: Readonly<Record<string, OpenApiCredential>>,
  context: AgentContext,
  target: AuthTarget,
): void {
  if (requirements === undefined || requirements.length === 0) return;
  const schemeOf = (name: string): SecurityScheme | undefined => (Object.hasOwn(schemes, name) ? schemes[name] : undefined);
  const credentialOf = (name: string): OpenApiCredential | undefined => {
    if (Object.hasOwn(auth, name)) return auth[name];
    const provided = context.credential<OpenApiCredential>(`openapi.${name}`);
    if (provided === undefined) return undefined;
    const problem = credentialProblem(provided);
    if (problem !== undefined) throw new Error(`the credential provided for 'openapi.${name}' cannot be used: expected ${problem}.`);
    return provided;
  };
  for (const requirement of requirements) {
    const names = Object.keys(requirement);
    if (names.length === 0) return;
    if (!names.every((name) => schemeOf(name) !== undefined && credentialOf(name) !== undefined)) continue;
    for (const name of names) put(name, schemeOf(name)!, credentialOf(name)!, target);
    return;
  }
  const first = requirements[0]!;
  const name = Object.keys(first).find((candidate) => credentialOf(candidate) === undefined) ?? Object.keys(first)[0]!;
  const scheme = schemeOf(name);
  const scopes = Object.hasOwn(first, name) ? first[name] : undefined;
  context.requestCredential({
    key: `openapi.${name}`,
    scheme: scheme?.type ?? 'unknown',
    description: scheme?.description ?? `The ${name} credential of this API (${describe(scheme)}).`,
    ...(Array.isArray(scopes) && scopes.length > 0 ? { scopes } : {}),
  });
}

function put(name: string, scheme: SecurityScheme, credential: OpenApiCredential, target: AuthTarget): void {
  const basic = scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'basic';
  if (typeof credential !== 'string' && !basic)
    throw new Error(`the credential for '${name}' is { username, password }, but the scheme takes a key or token (${describe(scheme)}).`);
  const secret = typeof credential === 'string' ? credential : '';
  switch (scheme.type) {
    case 'apiKey':
      if (scheme.in === 'query') target.query.set(scheme.name ?? 'api_key', secret);
      else if (scheme.in === 'cookie') target.cookies.push(`${scheme.name ?? 'api_key'}=${encodeURIComponent(secret)}`);
      else target.headers[scheme.name ?? 'X-API-Key'] = secret;
      return;
    case 'http':
      if (basic) {
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
