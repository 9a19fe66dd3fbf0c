import type { JsonSchema } from '../schema/json-schema.js';

/**
 * A build-time schema manifest, as `toolcraft-schema` (from `@toolcraft/schema`) writes it.
 * `ToolRegistry.builder().schemas(manifest)` uses it instead of reflection.
 */
export interface ToolSchemaManifest {
  /** The manifest format version; always 1 for now. */
  version: 1;
  /** Entries keyed by `ClassName.methodName` for annotated methods and `ClassName` for tool classes. */
  tools: Record<string, ToolSchemaManifestEntry>;
}

/** One tool of a {@link ToolSchemaManifest}. */
export interface ToolSchemaManifestEntry {
  /** `method` for an `@Tool` method, `class` for the Args type of a `Tool` subclass. */
  kind: 'method' | 'class';
  /** The class that declares the method, or the tool class. */
  className: string;
  /** The method's name (methods only). */
  methodName?: string;
  /** The tool's name (`customName` or the method name); for classes, the tool name if known. */
  name?: string;
  /** The tool's description (from `@LLMDescription`, else the TSDoc summary). */
  description?: string;
  /** The method's parameters in declaration order, injected ones included and marked. */
  parameters: ToolSchemaManifestParameter[];
  /** The JSON Schema of the argument object the model sends. */
  inputSchema: JsonSchema;
}

/** One parameter of a manifest entry. */
export interface ToolSchemaManifestParameter {
  /** The parameter's name in the source. */
  name: string;
  /** Its JSON Schema (absent for injected parameters). */
  schema?: JsonSchema;
  /** Whether the model must send it. */
  required: boolean;
  /** Its default value, from a TSDoc `@default` tag or a parameter initializer. */
  default?: unknown;
  /** Its description, from `@LLMDescription` or TSDoc `@param`. */
  description?: string;
  /** Set for parameters the framework injects and the model never sees. */
  injected?: 'AgentContext' | 'ToolCallMetadata';
  /**
   * Set when this is the method's only model-visible parameter and its type is an Args class:
   * the model sends the class's properties at the top level (as with reflection) and
   * `inputSchema` is the class's schema.
   */
  argsObject?: boolean;
  /** Set when the parameter's TypeScript type is `Date`: its date-time string is turned into a `Date`. */
  decodeAs?: 'Date';
}
