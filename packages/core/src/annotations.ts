/**
 * The decorators of toolcraft, as Koog keeps its `@Tool` annotation apart from the `Tool` class:
 * `import { Tool, LLMDescription } from '@toolcraft/core/annotations'`.
 */
export { Tool } from './decorators/tool.decorator.js';
export { LLMDescription } from './decorators/llm-description.decorator.js';
export type {
  LLMDescriptionDecorator,
  LLMDescriptionInput,
  LLMDescriptionOptions,
  LLMEnumValue,
  LLMTypeHint,
  LLMValueType,
} from './decorators/llm-description.decorator.js';
export type { ToolDecoratorOptions } from './decorators/tool-decorator-options.js';
export { Prompt } from './decorators/prompt.decorator.js';
export type { PromptDecoratorOptions } from './decorators/prompt.decorator.js';
export { Resource } from './decorators/resource.decorator.js';
export type { ListedResource, ResourceDecoratorOptions, ResourceMethodDecorator } from './decorators/resource.decorator.js';
