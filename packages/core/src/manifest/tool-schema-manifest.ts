/**
 * A JSON Schema as a manifest holds it. Typed as loosely as TypeScript types an imported JSON file
 * (`"type": "object"` becomes `type: string`), so `import manifest from './tool-schemas.json'` needs
 * no cast; the schemas are checked when the registry compiles them. Every `JsonSchema` is one (boolean
 * subschemas, `true` and `false`, included).
 */
export interface ToolSchemaManifestSchema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, ToolSchemaManifestSchema | boolean>;
  required?: string[];
  items?: ToolSchemaManifestSchema | boolean | Array<ToolSchemaManifestSchema | boolean>;
  enum?: unknown[];
  anyOf?: Array<ToolSchemaManifestSchema | boolean>;
  oneOf?: Array<ToolSchemaManifestSchema | boolean>;
  allOf?: Array<ToolSchemaManifestSchema | boolean>;
  $ref?: string;
  $defs?: Record<string, ToolSchemaManifestSchema | boolean>;
  definitions?: Record<string, ToolSchemaManifestSchema | boolean>;
  [keyword: string]: unknown;
}

/**
 * A build-time schema manifest, as `toolcraft-schema` (from `@toolcraft/schema`) writes it.
 * `ToolRegistry.builder().schemas(manifest)` uses it instead of reflection for annotated methods, and
 * `useToolSchemas(manifest)` for the Args types of tool classes. Its type accepts the
 * manifest imported from JSON as it is; its content is checked at runtime (see `assertToolSchemaManifest`).
 */
export interface ToolSchemaManifest {
  /** The manifest format version: 1 (another version is refused with a clear error). */
  version: number;
  /** Entries keyed by `ClassName.methodName` for annotated methods and `ClassName` for tool classes. */
  tools: Record<string, ToolSchemaManifestEntry>;
}

/** One tool of a {@link ToolSchemaManifest}. */
export interface ToolSchemaManifestEntry {
  /** `'method'` for an `@Tool` method, `'class'` for the Args type of a `Tool` subclass. */
  kind: string;
  /** The class that declares the method, or the tool class. */
  className: string;
  /** The file that declares it, relative to the project (two classes of one name are told apart by it). */
  file?: string;
  /** The method's name (methods only). */
  methodName?: string;
  /** The tool's name (`customName` or the method name); for classes, the tool name if known. */
  name?: string;
  /** The tool's description (from `@LLMDescription`, else the TSDoc summary). */
  description?: string;
  /** The method's parameters in declaration order, injected ones included and marked. */
  parameters: ToolSchemaManifestParameter[];
  /** The JSON Schema of the argument object the model sends. */
  inputSchema: ToolSchemaManifestSchema;
  /** Declared side effects: `'read'`, `'write'` or `'destructive'` (the `@Tool` decorator's options win). */
  effects?: string;
  /** Whether a repeated call does no more than one. */
  idempotent?: boolean;
  /** Whether the tool reaches outside systems. */
  openWorld?: boolean;
  /** Whether the tool is long-running. */
  longRunning?: boolean;
}

/** One parameter of a manifest entry. */
export interface ToolSchemaManifestParameter {
  /** The parameter's name in the source. */
  name: string;
  /** Its JSON Schema (absent for injected parameters). */
  schema?: ToolSchemaManifestSchema;
  /** Whether the model must send it. */
  required: boolean;
  /** Its default value, from a TSDoc `@default` tag or a parameter initializer. */
  default?: unknown;
  /** Its description, from `@LLMDescription` or TSDoc `@param`. */
  description?: string;
  /** `'AgentContext'` or `'ToolCallMetadata'` for parameters the framework injects and the model never sees. */
  injected?: string;
  /**
   * Set when this is the method's only model-visible parameter and its type is an Args class:
   * the model sends the class's properties at the top level (as with reflection) and
   * `inputSchema` is the class's schema.
   */
  argsObject?: boolean;
  /** `'Date'` when the parameter's TypeScript type is `Date`: its date-time string is turned into a `Date`. */
  decodeAs?: string;
}
