import type { ArgsDecoder } from '../decoding/args-decoder.js';
import type { ToolCallMetadata } from '../metadata/tool-call-metadata.js';
import type { JsonSchema } from '../schema/json-schema.js';
import { asSchemaObject, schemaObjectOf } from '../schema/schema-object.js';
import { invokeTool, type ToolNeeds } from '../tools/invoke-tool.js';
import type { MethodTool } from './method-tool.js';

/** One argument of a `@Prompt` or `@Resource` method, as its schema describes it. */
export interface MethodArgument {
  /** The argument's name (the parameter's, or the Args class property's). */
  name: string;
  /** Its `@LLMDescription`, if any. */
  description?: string;
  /** Whether it must be given. */
  required: boolean;
  /** The values it may take (`@LLMDescription({ enum })`, or `@IsIn` on an Args property), if listed. */
  enum?: readonly unknown[];
  /** Its JSON Schema. */
  schema: JsonSchema;
}

/** What a {@link MarkedMethod} is made of. */
export interface MarkedMethodInit {
  /** The name clients call it by. */
  name: string;
  /** Its human-readable title, if given. */
  title?: string;
  /** Its `@LLMDescription`. */
  description: string;
  /** Where it comes from, e.g. `Notes.summarise`. */
  source: string;
  /** The method as a tool: its arguments decoded by the one validator, its parameters filled as a tool's. */
  tool: MethodTool;
}

/**
 * A method marked `@Prompt` or `@Resource` on a service instance: its arguments (described by the
 * one JSON Schema their decoder validates against) and how to call it. Built by `createMethodPrompts`
 * and `createMethodResources`, served by `@toolcraft/mcp`.
 */
export abstract class MarkedMethod {
  /** The name clients call it by. */
  readonly name: string;
  /** Its human-readable title, if given. */
  readonly title?: string;
  /** Its description (`@LLMDescription` on the method). */
  readonly description: string;
  /** Where it comes from, e.g. `Notes.summarise`. */
  readonly source: string;
  /** Its arguments, in the order of the method's parameters. */
  readonly arguments: readonly MethodArgument[];
  /** Decodes raw arguments into what {@link invoke} takes (the same validator and error text as a tool's arguments). */
  readonly argsDecoder: ArgsDecoder<Record<string, unknown>>;
  /** What the method needs besides its arguments: the call's `AgentContext`, its metadata, or nothing. */
  readonly needs: ToolNeeds;
  private readonly tool: MethodTool;

  /** @param init - the name, description and the method as a tool */
  protected constructor(init: MarkedMethodInit) {
    this.name = init.name;
    if (init.title !== undefined) this.title = init.title;
    this.description = init.description;
    this.source = init.source;
    this.tool = init.tool;
    this.argsDecoder = init.tool.argsDecoder as ArgsDecoder<Record<string, unknown>>;
    this.needs = init.tool.needs;
    this.arguments = Object.freeze(argumentsOf(this.argsDecoder.schema));
  }

  /**
   * Calls the method on its instance.
   * @param args - arguments decoded by {@link argsDecoder}
   * @param metadata - the call's metadata (its `AgentContext` under `FrameworkKeys.agentContext` when the method takes one)
   * @returns what the method returned (a promise when it is async)
   * @throws MissingAgentContextError when the method takes an `AgentContext` and the metadata has none; what the method throws
   */
  invoke(args: Record<string, unknown>, metadata: ToolCallMetadata): unknown {
    return this.tool[invokeTool](args, metadata);
  }
}

function argumentsOf(schema: JsonSchema): MethodArgument[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, definition]) => {
    const property = asSchemaObject(definition);
    const allowed = property.enum ?? (property.type === 'array' ? schemaObjectOf(property.items)?.enum : undefined);
    return {
      name,
      ...(typeof property.description === 'string' ? { description: property.description } : {}),
      required: required.has(name),
      ...(allowed === undefined ? {} : { enum: Object.freeze([...allowed]) }),
      schema: property,
    };
  });
}
