import { InvalidAgentOptionsError } from '../../errors/invalid-agent-options-error.js';

/** What providers take as the name of a structured output (OpenAI's `json_schema.name`, a tool's name for Anthropic). */
const namePattern = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * The name of an agent's structured output (`ResponseFormat.name`): the name given, else the Args
 * class's name or the schema's `title` in snake_case (`LineItem` → `line_item`; characters providers
 * refuse become `_`, cut to 64), else `'output'`.
 * @param given - `OutputJsonSchema.name`, when given
 * @param derived - the class name or the schema's title, when there is one
 * @returns the name
 * @throws InvalidAgentOptionsError when the name given is not `^[a-zA-Z0-9_-]{1,64}$`
 * @internal
 */
export function outputName(given: unknown, derived: unknown): string {
  if (given !== undefined) {
    if (typeof given !== 'string' || !namePattern.test(given))
      throw new InvalidAgentOptionsError('outputType.name', given, 'a name of 1 to 64 letters, digits, _ and - (what providers take)');
    return given;
  }
  if (typeof derived !== 'string') return 'output';
  const snake = derived
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/[^a-zA-Z0-9_-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase()
    .slice(0, 64);
  return snake === '' ? 'output' : snake;
}
