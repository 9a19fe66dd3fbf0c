import {
  DuplicateToolError,
  InvalidToolDefinitionError,
  MissingAgentContextError,
  ModelCallError,
  ToolArgumentsError,
  ToolcraftError,
  ToolExecutionError,
  ToolNotFoundError,
  ToolTimeoutError,
} from '../src/index.js';

describe('Errors', () => {
  const errors = [
    new ToolArgumentsError('t', [{ path: 'a', constraint: 'type', message: "'a': expected a string" }]),
    new ToolNotFoundError('t', ['u'], ['u']),
    new DuplicateToolError('t', 'A', 'B'),
    new MissingAgentContextError('t'),
    new ToolExecutionError('t', 'failed', new Error('cause')),
    new ToolTimeoutError('t', 5),
    new InvalidToolDefinitionError('t', 'bad'),
    new ModelCallError('m', { retryable: true }),
  ];

  it.each(errors.map((error) => [error.name, error] as const))('%s extends ToolcraftError and Error, with its own name', (name, error) => {
    expect(error).toBeInstanceOf(Error);
    expect(ToolcraftError.isInstance(error)).toBe(true);
    expect(error.name).toBe(name);
  });

  it('recognises an error from another copy of the package by its marker, not instanceof', () => {
    const foreign = Object.assign(new Error('x'), { name: 'ToolTimeoutError', [Symbol.for('toolcraft.error')]: true });
    expect(ToolTimeoutError.isInstance(foreign)).toBe(true);
    expect(ToolNotFoundError.isInstance(foreign)).toBe(false);
    expect(ToolcraftError.isInstance(new Error('plain'))).toBe(false);
  });

  it('keeps structured fields and the cause', () => {
    const error = new ToolExecutionError('calc', 'failed', new RangeError('digit'));
    expect(error.toolName).toBe('calc');
    expect(error.cause).toBeInstanceOf(RangeError);
    expect(new ToolArgumentsError('t', [{ path: 'a', constraint: 'type', message: 'm' }]).violations[0]!.constraint).toBe('type');
  });
});
