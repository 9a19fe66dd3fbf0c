import { DuplicateToolError } from '../errors/duplicate-tool-error.js';
import { ToolNotFoundError } from '../errors/tool-not-found-error.js';
import type { AnyTool } from '../tools/abstract-tool.js';
import { closestNames } from './closest-names.js';
import { ToolRegistryBuilder } from './tool-registry-builder.js';
import type { CheckedToolsItems } from './tools-item.js';
import { assertToolName } from '../tools/tool-name.js';
import { duplicateSources, sameMethodTool, toolSource } from './tool-source.js';

/**
 * An immutable set of tools with unique names, in insertion order (Koog's `ToolRegistry`).
 * Build one with `ToolRegistry.builder()` or `ToolRegistry.of(...)`.
 */
export class ToolRegistry {
  /** A registry with no tools. */
  static readonly EMPTY = new ToolRegistry([]);
  /** The tools, in insertion order. */
  readonly tools: readonly AnyTool[];
  private readonly byName: ReadonlyMap<string, AnyTool>;

  /**
   * @param tools - tools with unique names; the same instance (or the same method of the same service) twice is kept once
   * @throws DuplicateToolError when two different tools share a name
   */
  constructor(tools: Iterable<AnyTool>) {
    const byName = new Map<string, AnyTool>();
    const list: AnyTool[] = [];
    for (const tool of tools) {
      // The name the model is shown (a subclass may override `descriptor`) is the name it calls.
      const name = tool.descriptor.name;
      const existing = byName.get(name);
      if (existing === tool || (existing !== undefined && sameMethodTool(existing, tool))) continue;
      if (existing !== undefined) throw new DuplicateToolError(name, ...duplicateSources(existing, tool));
      assertToolName(name, toolSource(tool));
      byName.set(name, tool);
      list.push(tool);
    }
    this.byName = byName;
    this.tools = Object.freeze(list);
  }

  /** @returns a builder: `.tool(t)`, `.tools(serviceOrList)`, `.schemas(manifest)`, `.build()` */
  static builder(): ToolRegistryBuilder {
    return new ToolRegistryBuilder((tools) => new ToolRegistry(tools));
  }

  /**
   * Builds a registry from tools and services with `@Tool` methods.
   * @param items - tools, service instances, or lists of them
   * @returns the registry
   * @throws DuplicateToolError when two different tools share a name
   * @throws InvalidToolDefinitionError for an item that is not a tool, a service instance or a list of them
   */
  static of<TItems extends readonly unknown[]>(...items: CheckedToolsItems<TItems>): ToolRegistry {
    const builder = ToolRegistry.builder();
    return builder.tools<TItems>(...items).build();
  }

  /** The tool names, in order. */
  get names(): string[] {
    return [...this.byName.keys()];
  }

  /**
   * @param name - a tool name
   * @returns the tool
   * @throws ToolNotFoundError naming the closest names when there is none
   */
  getTool(name: string): AnyTool {
    const tool = this.byName.get(name);
    if (tool === undefined) throw this.notFound(name);
    return tool;
  }

  /**
   * @param name - a tool name
   * @returns the tool, or undefined when there is none
   */
  findTool(name: string): AnyTool | undefined {
    return this.byName.get(name);
  }

  /**
   * The error for an unknown name, with the closest registered names.
   * @param name - the unknown name
   * @returns the error (not thrown)
   * @internal
   */
  notFound(name: string): ToolNotFoundError {
    return new ToolNotFoundError(name, this.names, closestNames(name, this.byName.keys()));
  }

  /**
   * @param other - another registry
   * @returns a new registry with this registry's tools, then the other's
   * @throws DuplicateToolError when two different tools share a name
   */
  plus(other: ToolRegistry): ToolRegistry {
    return new ToolRegistry([...this.tools, ...other.tools]);
  }
}
