import { MarkedMethod, type MarkedMethodInit } from './marked-method.js';

/** What a {@link MethodResource} is made of. */
export interface MethodResourceInit extends MarkedMethodInit {
  /** The URI, or the URI template. */
  uri: string;
  /** The media type, if given. */
  mimeType?: string;
  /** The URI template's variables, in order (none for a fixed URI). */
  variables: readonly string[];
}

/**
 * A `@Resource` method of a service instance: a resource at a fixed URI, or a resource template
 * (RFC 6570) whose variables are the method's parameters. `@toolcraft/mcp` serves it with
 * `resources/list` (fixed URIs), `resources/templates/list` (templates) and `resources/read`.
 */
export class MethodResource extends MarkedMethod {
  /** The URI (`'notes://index'`) or URI template (`'notes://{id}'`). */
  readonly uri: string;
  /** The media type of its content, if given. */
  readonly mimeType?: string;
  /** The URI template's variable names, in order; empty for a fixed URI. */
  readonly variables: readonly string[];

  /**
   * @param init - the resource's URI, name, description and the method as a tool
   * @internal
   */
  constructor(init: MethodResourceInit) {
    super(init);
    this.uri = init.uri;
    if (init.mimeType !== undefined) this.mimeType = init.mimeType;
    this.variables = Object.freeze([...init.variables]);
  }

  /** Whether the URI is a template (it has variables). */
  get isTemplate(): boolean {
    return this.variables.length > 0;
  }
}
