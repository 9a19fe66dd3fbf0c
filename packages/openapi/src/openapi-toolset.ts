import { InvalidToolDefinitionError, OptionsError, type AnyTool, type Toolset } from '@toolcraft/core';
import { OpenApiSpecError } from './errors/openapi-spec-error.js';
import { credentialProblem, redacted } from './http/credential-problem.js';
import { OperationTool } from './http/operation-tool.js';
import type { OpenApiToolsetOptions } from './openapi-toolset-options.js';
import { inputSchema } from './schema/input-schema.js';
import { loadSpec } from './spec/load-spec.js';
import type { HttpMethod, OpenApiDocument, Operation, Parameter } from './spec/openapi-document.js';
import { serverUrl } from './spec/server-url.js';

const methods: readonly HttpMethod[] = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * An OpenAPI 3.x spec as tools (Google ADK's `OpenAPIToolset`): one tool per operation, named by its
 * `operationId` (else method and path: `get_pets_petId`), described by its summary and description,
 * taking its path, query, header and cookie parameters and its body in one input schema (`$ref`s
 * resolved). Effects come from the method. The spec is loaded on the first turn (or by `load()`).
 * @example
 * const petstore = new OpenApiToolset({ spec: './petstore.yaml', auth: { api_key: process.env.PETSTORE_KEY! } });
 * new Agent({ model, tools: [petstore] });
 */
export class OpenApiToolset implements Toolset {
  readonly name: string;
  /** The operations left out because they cannot be tools (a body of a media type this toolset cannot send), with why; filled by `load()`. */
  readonly skipped: Array<{ operation: string; reason: string }> = [];
  private loading?: Promise<readonly OperationTool[]>;

  /**
   * @param options - the spec, base URL, auth, operations and limits
   * @throws OpenApiSpecError when `spec` is neither an object nor text
   * @throws OptionsError for a credential in `auth` that cannot be used (empty, or not a key, token or user and password)
   */
  constructor(private readonly options: OpenApiToolsetOptions) {
    if (typeof options?.spec !== 'object' && typeof options?.spec !== 'string')
      throw new OpenApiSpecError('spec', 'the spec option must be an object, YAML or JSON text, or a file path.');
    for (const [scheme, credential] of Object.entries(options.auth ?? {})) {
      const problem = credentialProblem(credential);
      if (problem !== undefined) throw new OptionsError('OpenApiToolset', `auth.${scheme}`, redacted(credential), problem);
    }
    this.name = options.name ?? 'openapi';
  }

  /**
   * Loads the spec and builds the tools, once.
   * @returns the tools
   * @throws OpenApiSpecError when the spec cannot be used
   */
  load(): Promise<readonly OperationTool[]> {
    this.loading ??= loadSpec(this.options.spec).then((document) => this.build(document));
    // A failed load is tried again on the next turn.
    this.loading.catch(() => (this.loading = undefined));
    return this.loading;
  }

  /** @returns the tools (the spec loaded on the first call) */
  getTools(): Promise<readonly AnyTool[]> {
    return this.load();
  }

  private build(document: OpenApiDocument): readonly OperationTool[] {
    const { options } = this;
    const variables = options.serverVariables ?? {};
    const given = options.baseUrl === undefined ? undefined : serverUrl([{ url: options.baseUrl }], variables, 'baseUrl');
    const baseUrl = given ?? serverUrl(document.servers, variables, 'spec');
    if (baseUrl === undefined)
      throw new OpenApiSpecError('spec', 'it names no server URL (its servers list is empty or missing): give baseUrl.');
    const tools: OperationTool[] = [];
    const names = new Set<string>();
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const method of methods) {
        const operation: Operation | undefined = item[method];
        if (operation === undefined) continue;
        const name = toolName(operation, method, path);
        if (
          options.operations !== undefined &&
          !options.operations.includes(name) &&
          !options.operations.includes(operation.operationId ?? '')
        )
          continue;
        const where = `${method.toUpperCase()} ${path}`;
        if (names.has(name))
          throw new OpenApiSpecError(
            where,
            `its tool name '${name}' is taken by another operation: give the operations distinct operationIds.`,
          );
        names.add(name);
        let tool: OperationTool;
        try {
          const { schema, plan } = inputSchema(document, where, operation, (item.parameters ?? []) as Parameter[]);
          tool = new OperationTool({
            name,
            description: describe(operation, where),
            method,
            path,
            baseUrl: serverUrl(operation.servers ?? item.servers, variables, where, baseUrl) ?? baseUrl,
            schema,
            plan,
            security: operation.security ?? document.security,
            schemes: document.components?.securitySchemes ?? {},
            auth: options.auth ?? {},
            headers: options.headers ?? {},
            timeoutMs: options.timeoutMs ?? 30_000,
            maxResponseChars: options.maxResponseChars ?? 20_000,
            fetch: options.fetch ?? fetch,
          });
        } catch (caught) {
          // The core refuses a schema it cannot use (a pattern that cannot run in linear time): a spec problem.
          const error = InvalidToolDefinitionError.isInstance(caught)
            ? new OpenApiSpecError(where, `its input schema cannot be used: ${caught.message}`, caught)
            : caught;
          if (!OpenApiSpecError.isInstance(error) || options.operations !== undefined) throw error;
          this.skipped.push({ operation: where, reason: error.message });
          process.emitWarning(`toolcraft: ${error.message}`, 'OpenApiToolsetWarning');
          continue;
        }
        tools.push(tool);
      }
    }
    for (const wanted of options.operations ?? [])
      if (!names.has(wanted) && !tools.some((tool) => tool.operation === wanted))
        throw new OpenApiSpecError('spec', `it has no operation '${wanted}' (operations: ${[...names].join(', ')}).`);
    return Object.freeze(tools);
  }
}

function toolName(operation: Operation, method: string, path: string): string {
  const base = operation.operationId ?? `${method}_${path}`;
  const name = base
    .replace(/[^a-zA-Z0-9_-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_+|_+$/g, '');
  return name.slice(0, 64) || method;
}

function describe(operation: Operation, where: string): string {
  const parts = [operation.summary, operation.description].filter((part): part is string => typeof part === 'string' && part.trim() !== '');
  const text = parts.length === 0 ? where : [...new Set(parts.map((part) => part.trim()))].join('\n\n');
  return operation.deprecated === true ? `(Deprecated) ${text}` : text;
}
