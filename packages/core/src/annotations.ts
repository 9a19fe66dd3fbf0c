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
  LLMTypeHint,
  LLMValueType,
} from './decorators/llm-description.decorator.js';
export type { ToolDecoratorOptions } from './decorators/tool-decorator-options.js';
