import type { ToolCallMetadata } from '../metadata/tool-call-metadata.js';
import { invokeTool } from '../tools/invoke-tool.js';
import { MarkedMethod, type MarkedMethodInit } from './marked-method.js';
import type { MethodTool } from './method-tool.js';

/** What a {@link MethodResource} is made of. */
export interface MethodResourceInit extends MarkedMethodInit {
  /** The URI, or the URI template. */
  uri: string;
  /** The media type, if given. */
  mimeType?: string;
  /** The URI template's variables, in order (none for a fixed URI). */
  variables: readonly string[];
  /** The method listing a template's resources (`@Resource({ list })`), as a tool taking no arguments. */
  lister?: MethodTool;
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
  /** Where the method listing the template's resources is (`Notes.allNotes`), when it has one (`@Resource({ list })`). */
  readonly listSource?: string;
  private readonly lister?: MethodTool;

  /**
   * @param init - the resource's URI, name, description and the method as a tool
   * @internal
   */
  constructor(init: MethodResourceInit) {
    super(init);
    this.uri = init.uri;
    if (init.mimeType !== undefined) this.mimeType = init.mimeType;
    this.variables = Object.freeze([...init.variables]);
    if (init.lister !== undefined) {
      this.lister = init.lister;
      this.listSource = init.lister.source;
    }
  }

  /**
   * Calls the template's `list` method on its instance.
   * @param metadata - the call's metadata (its `AgentContext` under `FrameworkKeys.agentContext` when the method takes one)
   * @returns what the method returned (a promise when it is async): its resources, unchecked;
   *   undefined when the resource has no `list` method
   * @throws what the method throws
   */
  list(metadata: ToolCallMetadata): unknown {
    return this.lister?.[invokeTool]({}, metadata);
  }

  /** Whether the URI is a template (it has variables). */
  get isTemplate(): boolean {
    return this.variables.length > 0;
  }
}
