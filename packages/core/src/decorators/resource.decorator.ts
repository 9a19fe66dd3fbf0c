import { InvalidToolDefinitionError } from '../errors/invalid-tool-definition-error.js';
import { ReflectionKeys } from '../metadata/reflection-keys.js';
import { methodMarker, optionalText } from './method-marker.js';

/** Options of the `@Resource` method decorator. */
export interface ResourceDecoratorOptions {
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
}

/**
 * Marks a method as a resource (an MCP resource, or a resource template when `uri` has variables):
 * the method returns the resource's content (text, bytes, or JSON), and a template's variables are
 * passed as its parameters, validated by the same validator as a tool's arguments. It only records
 * metadata; `createMcpServer` serves it with `resources/list`, `resources/templates/list` and `resources/read`.
 * @param options - the `uri` (or URI template), `mimeType`, `customName` and `title`
 * @returns the method decorator
 * @throws InvalidToolDefinitionError when written without parentheses or without a `uri`, or on something that is not a method
 * @example
 * class Notes {
 *   \@Resource({ uri: 'notes://{id}', mimeType: 'text/markdown' }) \@LLMDescription('One note')
 *   note(\@LLMDescription('Note id') id: string): string { return this.store.get(id); }
 * }
 */
export function Resource(options: ResourceDecoratorOptions): MethodDecorator;
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
  return {
    uri,
    ...(mimeType === undefined ? {} : { mimeType }),
    ...(customName === undefined ? {} : { customName }),
    ...(title === undefined ? {} : { title }),
  };
}
