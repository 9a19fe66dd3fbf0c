import type { ReadResourceResult, Resource, ResourceTemplate } from '@modelcontextprotocol/sdk/types.js';
import { ToolBase, ToolResult, type ToolCallMetadata } from '@toolcraft/core';
import { resultParts } from './result-parts.js';

/** What the resource tools ask of their toolset. */
export interface ResourceSource {
  /** Lists the server's resources and templates. */
  listAll(): Promise<{ resources: Resource[]; templates: ResourceTemplate[] }>;
  /** Reads one resource. */
  read(uri: string, signal: AbortSignal | undefined): Promise<ReadResourceResult>;
  /** The toolset's `maxResultChars`. */
  maxResultChars?: number;
}

/** `list_resources`: the server's resources and resource templates, for the model to pick a URI from. */
export class ListResourcesTool extends ToolBase<Record<string, never>, string> {
  /**
   * @param name - the tool's name (after the toolset's prefix)
   * @param toolset - the toolset's name
   * @param source - the toolset
   */
  constructor(
    name: string,
    toolset: string,
    private readonly source: ResourceSource,
  ) {
    super({
      name,
      description: `Lists the resources of the MCP server '${toolset}' (their URIs, names, descriptions and media types) and its resource templates (URIs with {variables}); read one with the read_resource tool.`,
      argsType: { type: 'object', properties: {}, additionalProperties: false },
      effects: 'read',
    });
  }

  /** @returns the resources and templates, as JSON */
  async execute(): Promise<string> {
    const { resources, templates } = await this.source.listAll();
    return JSON.stringify({
      resources: resources.map(({ uri, name, title, description, mimeType }) => ({ uri, name, title, description, mimeType })),
      resourceTemplates: templates.map(({ uriTemplate, name, title, description, mimeType }) => ({
        uriTemplate,
        name,
        title,
        description,
        mimeType,
      })),
    });
  }
}

/** `read_resource`: one resource's contents (text as text; images as images; other binary content as files). */
export class ReadResourceTool extends ToolBase<{ uri: string }, string | ToolResult.Parts> {
  /**
   * @param name - the tool's name (after the toolset's prefix)
   * @param toolset - the toolset's name
   * @param source - the toolset
   */
  constructor(
    name: string,
    toolset: string,
    private readonly source: ResourceSource,
  ) {
    super({
      name,
      description: `Reads a resource of the MCP server '${toolset}' by its URI (from list_resources, or a resource template with its variables filled in).`,
      argsType: {
        type: 'object',
        properties: { uri: { type: 'string', minLength: 1, description: "The resource's URI, e.g. 'notes://2'" } },
        required: ['uri'],
        additionalProperties: false,
      },
      effects: 'read',
    });
  }

  /**
   * @param args - the URI
   * @param metadata - the call's signal
   * @returns the contents: their text, or their parts when there are images or files
   */
  async execute({ uri }: { uri: string }, metadata: ToolCallMetadata): Promise<string | ToolResult.Parts> {
    const { contents } = await this.source.read(uri, metadata.get(ToolBase.SignalKey));
    const shown = resultParts({ content: contents.map((resource) => ({ type: 'resource', resource })) }, this.source.maxResultChars);
    return shown.parts === undefined ? shown.text : ToolResult.parts(shown.parts);
  }
}
