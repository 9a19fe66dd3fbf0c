import { assertToolSchemaManifest } from '../manifest/assert-tool-schema-manifest.js';
import { InvalidToolDefinitionError } from '../errors/invalid-tool-definition-error.js';
import type { ToolSchemaManifest } from '../manifest/tool-schema-manifest.js';
import { createMethodTools } from '../methods/create-method-tools.js';
import type { MethodTool } from '../methods/method-tool.js';
import { isTool, type AnyTool } from '../tools/abstract-tool.js';
import { isIterable } from './is-iterable.js';
import { bindSchemaDocuments, readSchemaDocuments } from '../decoding/schema-documents.js';
import type { JsonSchema } from '../schema/json-schema.js';
import type { ToolRegistry } from './tool-registry.js';
import type { CheckedToolsItems } from './tools-item.js';
import { notAToolHint } from './not-a-tool.js';

type Pending = { kind: 'tool'; tool: AnyTool } | { kind: 'service'; target: object; only?: string };

/**
 * Collects tools and services, then builds an immutable {@link ToolRegistry}.
 * Method tools are created at `build()`, so `.schemas(manifest)` applies whatever the call order.
 */
export class ToolRegistryBuilder {
  private readonly pending: Pending[] = [];
  private manifest?: ToolSchemaManifest;
  private documents: JsonSchema[] = [];

  /** @param create - makes the registry from the collected tools */
  constructor(private readonly create: (tools: AnyTool[]) => ToolRegistry) {}

  /**
   * Adds one tool, or one static `@Tool` method of a class.
   * @param tool - a tool instance, or a class whose static method `methodName` is marked `@Tool()`
   * @param methodName - the static method's name
   * @returns this builder
   */
  tool(tool: AnyTool): this;
  tool(serviceClass: abstract new (...args: never[]) => unknown, methodName: string): this;
  tool(tool: AnyTool | (abstract new (...args: never[]) => unknown), methodName?: string): this {
    if (typeof tool === 'object' && isTool(tool)) this.pending.push({ kind: 'tool', tool });
    else if (typeof tool === 'function' && typeof methodName === 'string')
      this.pending.push({ kind: 'service', target: tool, only: methodName });
    else
      throw new InvalidToolDefinitionError(
        describe(tool),
        '.tool() takes a tool instance, or a class and the name of its static @Tool() method.',
      );
    return this;
  }

  /**
   * Adds tools, in order: each item a tool, a service instance (all its `@Tool` methods, bound to
   * it), or an iterable of either (`.tools(a, b)`, `.tools([a, b])` and `.tools(new Set([a]))` alike).
   * @param items - tools, services, or iterables of them
   * @returns this builder
   * @throws InvalidToolDefinitionError for an item that is none of these (a class, a string, null...)
   */
  tools<TItems extends readonly unknown[]>(...items: CheckedToolsItems<TItems>): this {
    for (const item of items as readonly unknown[]) this.add(item);
    return this;
  }

  /** Adds one item; `within` holds the lists being read, so a list that contains itself is refused. */
  private add(item: unknown, within: ReadonlySet<object> = new Set()): void {
    // A tool class carries the brand on its prototype: only an instance is a tool.
    if (typeof item === 'object' && isTool(item)) this.pending.push({ kind: 'tool', tool: item });
    else if (isIterable(item)) {
      if (within.has(item)) throw new InvalidToolDefinitionError(describe(item), 'a list passed to .tools() contains itself.');
      const inside = new Set(within).add(item);
      for (const inner of item) this.add(inner, inside);
    } else if (typeof item === 'object' && item !== null) this.pending.push({ kind: 'service', target: item });
    else if (typeof item === 'function')
      throw new InvalidToolDefinitionError(
        describe(item),
        `a list of tools takes instances, not classes: pass new ${item.name || 'MyService'}() (or, for a static @Tool() method, ToolRegistry.builder().tool(${item.name || 'MyService'}, 'methodName')).`,
      );
    else
      throw new InvalidToolDefinitionError(
        describe(item),
        '.tools() takes tools, service instances with @Tool() methods, or lists of them.',
      );
  }

  /**
   * Uses a build-time schema manifest (from `toolcraft-schema`) for the annotated methods it lists,
   * instead of reflection.
   * @param manifest - the manifest
   * @returns this builder
   */
  schemas(manifest: ToolSchemaManifest): this;
  /**
   * Registers JSON Schema documents by their `$id`, for the tools' `$ref`s to other documents
   * (`{ $ref: 'https://example.com/address.json' }`); they are given to the tools at `build()`.
   * @param documents - documents, each with an absolute `$id`
   * @returns this builder
   * @throws InvalidToolDefinitionError for a document without an absolute `$id`, or an `$id` repeated
   */
  schemas(documents: readonly JsonSchema[]): this;
  schemas(manifest: ToolSchemaManifest | readonly JsonSchema[]): this {
    if (Array.isArray(manifest)) {
      const documents = [...this.documents, ...(manifest as readonly JsonSchema[])];
      try {
        readSchemaDocuments(documents);
      } catch (error) {
        throw new InvalidToolDefinitionError('ToolRegistry.builder().schemas([...])', `${(error as Error).message}.`);
      }
      this.documents = documents;
      return this;
    }
    const given = manifest as ToolSchemaManifest;
    assertToolSchemaManifest(given);
    // Several manifests (say one per package of a monorepo) combine; a later entry wins.
    this.manifest = this.manifest === undefined ? given : { version: 1, tools: { ...this.manifest.tools, ...given.tools } };
    return this;
  }

  /**
   * @returns the registry
   * @throws DuplicateToolError when two different tools share a name
   * @throws InvalidToolDefinitionError for a method that cannot be described, or a tool whose `$ref`
   *   names a document that the documents of `.schemas([...])` do not hold
   */
  build(): ToolRegistry {
    const tools: AnyTool[] = [];
    const created = new Map<object, Map<string | undefined, MethodTool[]>>();
    for (const item of this.pending) {
      if (item.kind === 'tool') {
        tools.push(item.tool);
        continue;
      }
      let byMethod = created.get(item.target);
      if (!byMethod) created.set(item.target, (byMethod = new Map<string | undefined, MethodTool[]>()));
      let methodTools = byMethod.get(item.only);
      if (!methodTools) {
        methodTools = createMethodTools(item.target, this.manifest, item.only);
        if (methodTools.length === 0) {
          throw new InvalidToolDefinitionError(describe(item.target), notAToolHint(item.target));
        }
        byMethod.set(item.only, methodTools);
      }
      tools.push(...methodTools);
    }
    if (this.documents.length > 0)
      bindSchemaDocuments(
        tools.map((tool) => tool.argsDecoder),
        readSchemaDocuments(this.documents),
      );
    return this.create(tools);
  }
}

function describe(value: unknown): string {
  if (typeof value === 'function') return value.name || 'an anonymous class';
  if (typeof value === 'object' && value !== null) return value.constructor?.name ?? 'an object';
  return JSON.stringify(value) ?? String(value);
}
