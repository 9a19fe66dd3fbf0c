import { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js';
import type { ListResourcesResult, ListResourceTemplatesResult, ReadResourceResult, Resource } from '@modelcontextprotocol/sdk/types.js';
import type { MethodResource } from '@toolcraft/core/internal';
import { InvalidMcpOptionsError } from '../errors/invalid-mcp-options-error.js';
import { callInContext, callMarkedMethod, type MarkedCall } from './call-marked-method.js';
import { listedResources } from './listed-resources.js';
import { McpProtocolError, ProtocolErrorCode } from '../errors/mcp-protocol-error.js';
import { resourceContents } from './resource-contents.js';
import { readStringArguments } from './string-arguments.js';

/** A resource template with its compiled matcher. */
interface Template {
  resource: MethodResource;
  matcher: UriTemplate;
}

/**
 * The `@Resource` methods of a server: `resources/list` (fixed URIs, then the resources each
 * template's `list` method gives), `resources/templates/list`
 * (URI templates) and `resources/read`, which finds the resource of a URI (a fixed URI first, then
 * the templates in order), passes a template's variables as the method's arguments (validated as a
 * tool's) and answers what it returns as contents. A URI nothing serves is answered with MCP's
 * resource-not-found error (-32002).
 */
export class ResourceService {
  /** The `resources/list` result of the fixed URIs. */
  readonly listResult: ListResourcesResult;
  /** The `resources/templates/list` result. */
  readonly templatesResult: ListResourceTemplatesResult;
  private readonly fixed = new Map<string, MethodResource>();
  private readonly templates: Template[] = [];
  /** The templates with a `list` method. */
  private readonly listing: Template[];

  /**
   * @param resources - the resources, in order
   * @throws InvalidMcpOptionsError when two resources share a URI or a name
   */
  constructor(readonly resources: readonly MethodResource[]) {
    const names = new Set<string>();
    for (const resource of resources) {
      if (names.has(resource.name))
        throw new InvalidMcpOptionsError(
          'an MCP server',
          `two resources are named '${resource.name}' (${resource.source}); give one a customName.`,
        );
      names.add(resource.name);
      if (this.fixed.has(resource.uri) || this.templates.some((template) => template.resource.uri === resource.uri))
        throw new InvalidMcpOptionsError(
          'an MCP server',
          `two resources serve the URI ${JSON.stringify(resource.uri)} (one is ${resource.source}).`,
        );
      if (resource.isTemplate) this.templates.push({ resource, matcher: new UriTemplate(resource.uri) });
      else this.fixed.set(resource.uri, resource);
    }
    this.listing = this.templates.filter(({ resource }) => resource.listSource !== undefined);
    this.listResult = { resources: [...this.fixed.values()].map((resource) => ({ uri: resource.uri, ...listed(resource) })) };
    this.templatesResult = {
      resourceTemplates: this.templates.map(({ resource }) => ({ uriTemplate: resource.uri, ...listed(resource) })),
    };
  }

  /**
   * Answers `resources/list`: the fixed URIs, then the resources of each template that has a `list`
   * method (called with the request's context and signal, all at once), in declaration order.
   * @param call - the request's id, signal and the connection's context
   * @returns the resources
   * @throws McpProtocolError InternalError for a `list` method that fails or returns what is not a list of resources
   */
  list(call: Omit<MarkedCall, 'kind'>): Promise<ListResourcesResult> {
    if (this.listing.length === 0) return Promise.resolve(this.listResult);
    return Promise.all(
      this.listing.map(
        ({ resource, matcher }) =>
          callInContext(
            async (metadata) => {
              const value = await resource.list(metadata);
              try {
                return listedResources(resource, matcher, value);
              } catch (error) {
                throw new Error(`${resource.listSource}: ${(error as Error).message}`);
              }
            },
            `Listing the resources of '${resource.name}'`,
            call,
          ) as Promise<Resource[]>,
      ),
    ).then((lists) => ({ resources: [...this.listResult.resources, ...lists.flat()] }));
  }

  /**
   * Finds the template of a URI template string (for `completion/complete`'s `ref/resource`).
   * @param uriTemplate - the template, as listed
   * @returns the resource, or undefined
   */
  template(uriTemplate: string): MethodResource | undefined {
    return this.templates.find(({ resource }) => resource.uri === uriTemplate)?.resource ?? this.fixed.get(uriTemplate);
  }

  /**
   * Answers `resources/read`.
   * @param params - the request's params (`uri`)
   * @param call - the request's id, signal and the connection's context
   * @returns the contents
   * @throws McpProtocolError: InvalidParams for a missing URI or bad variables, -32002 for a URI nothing serves, InternalError for a failing method
   */
  async read(params: unknown, call: Omit<MarkedCall, 'kind'>): Promise<ReadResourceResult> {
    const uri = (params as { uri?: unknown } | undefined)?.uri;
    if (typeof uri !== 'string' || uri.length === 0)
      throw new McpProtocolError(
        ProtocolErrorCode.invalidParams,
        'Invalid resources/read request: params.uri must be the URI to read (a string).',
      );
    const found = this.find(uri);
    if (found === undefined) throw new McpProtocolError(ProtocolErrorCode.resourceNotFound, `Resource ${uri} not found`, { uri });
    const { resource, variables } = found;
    const args = readStringArguments(variables, resource.argsDecoder.schema);
    const value = await callMarkedMethod(resource, args, { ...call, kind: 'resource' });
    return { contents: resourceContents(resource.name, uri, resource.mimeType, value) };
  }

  private find(uri: string): { resource: MethodResource; variables: Record<string, unknown> } | undefined {
    const resource = this.fixed.get(uri);
    if (resource !== undefined) return { resource, variables: {} };
    for (const template of this.templates) {
      let match: Record<string, string | string[]> | null;
      try {
        match = template.matcher.match(uri);
      } catch {
        // A URI longer than the SDK matches against is served by no template.
        return undefined;
      }
      if (match !== null) return { resource: template.resource, variables: decoded(match) };
    }
    return undefined;
  }
}

function listed(resource: MethodResource): Omit<Resource, 'uri'> {
  return {
    name: resource.name,
    ...(resource.title === undefined ? {} : { title: resource.title }),
    ...(resource.description.length === 0 ? {} : { description: resource.description }),
    ...(resource.mimeType === undefined ? {} : { mimeType: resource.mimeType }),
  };
}

function decoded(variables: Record<string, string | string[]>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(variables)) result[name] = Array.isArray(value) ? value.map(decode) : decode(value);
  return result;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
