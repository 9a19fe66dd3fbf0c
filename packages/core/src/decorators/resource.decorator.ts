import { InvalidToolDefinitionError } from '../errors/invalid-tool-definition-error.js';
import { ReflectionKeys } from '../metadata/reflection-keys.js';
import { methodMarker, optionalText } from './method-marker.js';

/** Options of the `@Resource` method decorator. */
export interface ResourceDecoratorOptions<TList extends string = string> {
  /**
   * The resource's URI (`'notes://index'`), or a URI template (RFC 6570, `'notes://{id}'`) whose
   * variables are the method's parameters, by name.
   */
  uri: string;
  /** The media type of what the method returns, e.g. `'text/markdown'`; default `text/plain` for text. */
  mimeType?: string;
  /** The resource's name; defaults to the method's name. Must match `^[a-zA-Z0-9_-]{1,64}$`. */
  customName?: string;
  /** A human-readable title, for clients' menus. */
  title?: string;
  /**
   * For a URI template: the name of a public method of the same class (an instance method for an
   * instance method's template, a static one for a static method's) that lists the template's
   * concrete resources, so clients find them in `resources/list` (the SDK's `ResourceTemplate`
   * `list`). It takes no arguments (an `AgentContext` parameter is injected) and returns, or
   * resolves to, a list of {@link ListedResource}s or URIs.
   */
  list?: TList;
}

/** One concrete resource a template's `list` method gives (`@Resource({ uri: 'notes://{id}', list })`). */
export interface ListedResource {
  /** The resource's URI; it must match the template (`notes://1`). */
  uri: string;
  /** Its name; default its URI. */
  name?: string;
  /** A human-readable title. */
  title?: string;
  /** What it is. */
  description?: string;
  /** Its media type; default the template's `mimeType`. */
  mimeType?: string;
}

/**
 * The `@Resource` method decorator: with a `list` option naming a method (a string literal), it only
 * applies to a class that has a method of that name (the compiler says so at the decorator).
 */
export type ResourceMethodDecorator<TList extends string> = <
  TTarget extends (string extends TList ? object : { [K in TList]: (...args: never[]) => unknown }),
>(
  target: TTarget,
  propertyKey: string | symbol,
  descriptor: PropertyDescriptor,
) => void;

/**
 * Marks a method as a resource (an MCP resource, or a resource template when `uri` has variables):
 * the method returns the resource's content (text, bytes, or JSON), and a template's variables are
 * passed as its parameters, validated by the same validator as a tool's arguments. It only records
 * metadata; `createMcpServer` serves it with `resources/list`, `resources/templates/list` and `resources/read`.
 * @param options - the `uri` (or URI template), `mimeType`, `customName`, `title`, and for a template the
 *   `list` method naming its concrete resources
 * @returns the method decorator
 * @throws InvalidToolDefinitionError when written without parentheses or without a `uri`, or on something that is not a method
 * @example
 * class Notes {
 *   \@Resource({ uri: 'notes://{id}', mimeType: 'text/markdown', list: 'allNotes' }) \@LLMDescription('One note')
 *   note(\@LLMDescription('Note id') id: string): string { return this.store.get(id); }
 *
 *   allNotes(): ListedResource[] { return this.store.ids().map((id) => ({ uri: `notes://${id}`, title: this.store.title(id) })); }
 * }
 */
export function Resource<TList extends string = never>(options: ResourceDecoratorOptions<TList>): ResourceMethodDecorator<TList>;
export function Resource(...input: unknown[]): MethodDecorator {
  return methodMarker('@Resource()', ReflectionKeys.resource, input, readResourceOptions);
}

function readResourceOptions(value: unknown): ResourceDecoratorOptions {
  if (typeof value !== 'object' || value === null)
    throw new InvalidToolDefinitionError(
      '@Resource()',
      `its options must be an object with the resource's uri ({ uri: 'notes://{id}', mimeType }), got ${value === null ? 'null' : typeof value}.`,
    );
  const options = value as Record<string, unknown>;
  const uri = optionalText(options, 'uri', '@Resource()');
  if (uri === undefined)
    throw new InvalidToolDefinitionError('@Resource()', "its options must give the resource's uri, e.g. { uri: 'notes://{id}' }.");
  const mimeType = optionalText(options, 'mimeType', '@Resource()');
  const customName = optionalText(options, 'customName', '@Resource()');
  const title = optionalText(options, 'title', '@Resource()');
  const list = optionalText(options, 'list', '@Resource()');
  return {
    ...(list === undefined ? {} : { list }),
    uri,
    ...(mimeType === undefined ? {} : { mimeType }),
    ...(customName === undefined ? {} : { customName }),
    ...(title === undefined ? {} : { title }),
  };
}
