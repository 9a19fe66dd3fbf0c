import { InvalidToolDefinitionError } from '../errors/invalid-tool-definition-error.js';
import { ReflectionKeys } from '../metadata/reflection-keys.js';
import { methodMarker, optionalText } from './method-marker.js';

/** Options of the `@Prompt` method decorator. */
export interface PromptDecoratorOptions {
  /** The prompt's name; defaults to the method's name. Must match `^[a-zA-Z0-9_-]{1,64}$`. */
  customName?: string;
  /** A human-readable title, for clients' menus. */
  title?: string;
}

/**
 * Marks a method as a prompt template (an MCP prompt): its parameters are the prompt's arguments,
 * described with `@LLMDescription` (and `@LLMDescription({ description, enum })` for the allowed
 * values), validated by the same validator as a tool's; it returns the prompt's text, or its
 * messages. It only records metadata; `createMcpServer` serves it with `prompts/list` and `prompts/get`.
 * @param options - `customName` and `title`
 * @returns the method decorator
 * @throws InvalidToolDefinitionError when written without parentheses, on something that is not a
 * method, or with options that are not strings
 * @example
 * class Notes {
 *   \@Prompt() \@LLMDescription('Summarise a note for a reader')
 *   summarise(\@LLMDescription('Note id') id: string, \@LLMDescription({ description: 'Audience', enum: ['child', 'expert'] }) audience: string): string {
 *     return `Summarise note ${id} for a ${audience}.`;
 *   }
 * }
 */
export function Prompt(options?: PromptDecoratorOptions): MethodDecorator;
export function Prompt(...input: unknown[]): MethodDecorator {
  return methodMarker('@Prompt()', ReflectionKeys.prompt, input, readPromptOptions);
}

function readPromptOptions(value: unknown): PromptDecoratorOptions {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null)
    throw new InvalidToolDefinitionError('@Prompt()', `its options must be an object ({ customName, title }), got ${typeof value}.`);
  const options = value as Record<string, unknown>;
  const customName = optionalText(options, 'customName', '@Prompt()');
  const title = optionalText(options, 'title', '@Prompt()');
  return { ...(customName === undefined ? {} : { customName }), ...(title === undefined ? {} : { title }) };
}
