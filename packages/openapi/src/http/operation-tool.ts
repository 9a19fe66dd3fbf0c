import { ContextAwareTool, type AgentContext, type JsonSchema, type ToolEffects } from '@toolcraft/core';
import { withImportedSchema } from '@toolcraft/core/internal';
import type { ArgumentPlan } from '../schema/input-schema.js';
import type { HttpMethod, SecurityRequirement, SecurityScheme } from '../spec/openapi-document.js';
import { applyAuth, type OpenApiCredential } from './apply-auth.js';
import { boundedText } from './bounded-text.js';
import { fillPath } from './fill-path.js';
import { sendRequest } from './send-request.js';

/** Everything one operation's tool needs. */
export interface OperationToolSpec {
  name: string;
  description: string;
  method: HttpMethod;
  path: string;
  /** The operation's server: the operation's or path's `servers`, else the toolset's base URL. */
  baseUrl: string;
  schema: JsonSchema;
  plan: ArgumentPlan;
  security: readonly SecurityRequirement[] | undefined;
  schemes: Readonly<Record<string, SecurityScheme>>;
  auth: Readonly<Record<string, OpenApiCredential>>;
  headers: Readonly<Record<string, string>>;
  timeoutMs: number;
  maxResponseChars: number;
  fetch: typeof fetch;
}

/** The effects of a method: GET, HEAD, OPTIONS read; PUT writes (idempotent); DELETE is destructive (idempotent); POST, PATCH write. */
function effectsOf(method: HttpMethod): { effects: ToolEffects; idempotent?: boolean } {
  switch (method) {
    case 'get':
    case 'head':
    case 'options':
    case 'trace':
      return { effects: 'read' };
    case 'put':
      return { effects: 'write', idempotent: true };
    case 'delete':
      return { effects: 'destructive', idempotent: true };
    default:
      return { effects: 'write' };
  }
}

/**
 * The tool of one OpenAPI operation: its arguments are the operation's parameters and body, validated
 * by the schema built from the spec (marked imported: every pattern runs in linear time, and a schema
 * with one that cannot is refused); the request goes to the operation's server, credentials only to
 * its origin, bounded by the call's time limit and signal; the model gets the status and a bounded
 * body (an error result for a status of 400 or more).
 */
export class OperationTool extends ContextAwareTool<Record<string, unknown>, string> {
  /** The operation, as `METHOD /path`. */
  readonly operation: string;

  /**
   * @param spec - the operation's name, schema, request plan, auth and limits
   * @throws InvalidToolDefinitionError when the schema cannot be used (a pattern that cannot run in linear time)
   */
  constructor(private readonly spec: OperationToolSpec) {
    // The spec is someone else's: its patterns must run in linear time (else the operation is refused).
    super(
      withImportedSchema({
        name: spec.name,
        description: spec.description,
        argsType: spec.schema,
        timeoutMs: spec.timeoutMs,
        ...effectsOf(spec.method),
      }),
    );
    this.operation = `${spec.method.toUpperCase()} ${spec.path}`;
  }

  async execute(args: Record<string, unknown>, context: AgentContext): Promise<string> {
    const { spec } = this;
    const query = new URLSearchParams();
    const headers: Record<string, string> = { accept: 'application/json, */*;q=0.5' };
    const cookies: string[] = [];
    let path = spec.path;
    for (const [argument, parameter] of spec.plan.parameters) {
      const value = args[argument];
      if (value === undefined) continue;
      switch (parameter.in) {
        case 'path':
          path = fillPath(path, parameter.name, text(value));
          break;
        case 'query':
          if (Array.isArray(value)) for (const item of value) query.append(parameter.name, text(item));
          else query.set(parameter.name, text(value));
          break;
        case 'header':
          headers[parameter.name] = Array.isArray(value) ? value.map(text).join(',') : text(value);
          break;
        case 'cookie':
          cookies.push(`${parameter.name}=${encodeURIComponent(text(value))}`);
          break;
      }
    }
    const credentialHeaders: Record<string, string> = { ...spec.headers };
    applyAuth(spec.security, spec.schemes, spec.auth, context, { headers: credentialHeaders, query, cookies });
    if (cookies.length > 0) credentialHeaders.cookie = cookies.join('; ');
    let body: string | undefined;
    const { plan } = spec;
    if (plan.body !== undefined && args[plan.body.argument] !== undefined) {
      const value = args[plan.body.argument];
      headers['content-type'] = plan.body.mediaType;
      body =
        plan.body.mediaType === 'application/x-www-form-urlencoded'
          ? new URLSearchParams(
              Object.entries(value as Record<string, unknown>).map(([key, item]): [string, string] => [key, text(item)]),
            ).toString()
          : JSON.stringify(value);
    }
    const search = query.toString();
    const url = `${spec.baseUrl}${path}${search === '' ? '' : `?${search}`}`;
    const response = await sendRequest(
      spec.fetch,
      {
        operation: this.operation,
        method: spec.method.toUpperCase(),
        url,
        headers,
        credentialHeaders,
        ...(body === undefined ? {} : { body }),
      },
      context.signal,
    );
    const answer = await boundedText(response, spec.maxResponseChars);
    const status = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
    if (response.status >= 400) throw new Error(`${this.operation} answered ${status}${answer === '' ? '' : `:\n${answer}`}`);
    return answer === '' ? status : `${status}\n${answer}`;
  }
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}
