import { MarkedMethod, type MarkedMethodInit } from './marked-method.js';

/**
 * A `@Prompt` method of a service instance: a prompt template whose arguments are the method's
 * parameters. `@toolcraft/mcp` serves it with `prompts/list` and `prompts/get`.
 */
export class MethodPrompt extends MarkedMethod {
  /**
   * @param init - the prompt's name, description and the method as a tool
   * @internal
   */
  constructor(init: MarkedMethodInit) {
    super(init);
  }
}
