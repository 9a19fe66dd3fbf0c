import { ToolMetadataReader } from '../metadata/tool-metadata-reader.js';
import { methodAsTool } from './method-as-tool.js';
import { MethodPrompt } from './method-prompt.js';

/**
 * Builds one prompt per `@Prompt` method of an instance (or, given a constructor, of its static methods).
 * @param target - a service instance, or a class for its static methods
 * @returns the prompts, in declaration order (none when the class has no `@Prompt` method)
 * @throws InvalidToolDefinitionError for a method that cannot be described (a parameter without a usable type, a name that is not allowed)
 */
export function createMethodPrompts(target: object): MethodPrompt[] {
  const className = typeof target === 'function' ? target.name : target.constructor.name;
  return ToolMetadataReader.readPromptMethods(target, className).map(({ methodName, owner, options }) => {
    const name = options.customName ?? methodName;
    const { tool, description, where } = methodAsTool({ target, methodName, owner, name, kind: 'prompt' });
    return new MethodPrompt({ name, description, source: where, tool, ...(options.title === undefined ? {} : { title: options.title }) });
  });
}
