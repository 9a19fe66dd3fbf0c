import { InvalidToolDefinitionError } from '../errors/invalid-tool-definition-error.js';

/** The names a tool may have (OpenAI's function-name rule). */
export const toolNamePattern = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * Checks a tool name.
 * @param name - the proposed name
 * @param subject - where it comes from, for the message
 * @throws InvalidToolDefinitionError when the name does not match `^[a-zA-Z0-9_-]{1,64}$`
 */
export function assertToolName(name: unknown, subject: string): asserts name is string {
  if (typeof name !== 'string' || !toolNamePattern.test(name)) {
    throw new InvalidToolDefinitionError(
      subject,
      `the tool name ${JSON.stringify(name)} is not allowed; names must be 1 to 64 characters of letters, digits, '_' or '-' (^[a-zA-Z0-9_-]{1,64}$).`,
    );
  }
}
