import {
  DuplicateToolError,
  InvalidAgentOptionsError,
  InvalidEnvironmentOptionsError,
  InvalidToolDefinitionError,
  MissingAgentContextError,
  ModelCallError,
  ToolArgumentsError,
  ToolCancelledError,
  ToolcraftError,
  ToolExecutionError,
  ToolNotFoundError,
  ToolTimeoutError,
  ToolLimitError,
  ToolsetError,
  ToolFilterError,
  ToolsetCloseError,
  AgentClosedError,
  AgentDepthLimitError,
  SubAgentStoppedError,
  SubAgentInterruptedError,
  ParallelAgentError,
  InvalidRunOptionsError,
} from '../src/index.js';
import * as core from '../src/index.js';
import { newRunRecord } from '../src/agent/run/run-record.js';
import type * as ToolNotFoundErrorModule from '../src/errors/tool-not-found-error.js';

/** Each error class with a sample, and the fixed name it must carry whatever the class is called at run time. */
const samples = [
  ['ToolNotFoundError', ToolNotFoundError, () => new ToolNotFoundError('t', ['u'], ['u'])],
  ['DuplicateToolError', DuplicateToolError, () => new DuplicateToolError('t', 'A', 'B')],
  ['MissingAgentContextError', MissingAgentContextError, () => new MissingAgentContextError('t')],
  ['ToolExecutionError', ToolExecutionError, () => new ToolExecutionError('t', 'failed', new Error('cause'))],
  ['ToolTimeoutError', ToolTimeoutError, () => new ToolTimeoutError('t', 5)],
  ['ToolCancelledError', ToolCancelledError, () => new ToolCancelledError('t')],
  ['InvalidToolDefinitionError', InvalidToolDefinitionError, () => new InvalidToolDefinitionError('t', 'bad')],
  ['InvalidEnvironmentOptionsError', InvalidEnvironmentOptionsError, () => new InvalidEnvironmentOptionsError('o', 0, 'above 0')],
  ['InvalidAgentOptionsError', InvalidAgentOptionsError, () => new InvalidAgentOptionsError('o', 0, 'above 0')],
  ['ModelCallError', ModelCallError, () => new ModelCallError('m', { retryable: true })],
  ['ToolLimitError', ToolLimitError, () => new ToolLimitError('t', 'maxInvocations', 1)],
  ['ToolsetError', ToolsetError, () => new ToolsetError('s', 'failed')],
  ['ToolFilterError', ToolFilterError, () => new ToolFilterError('t', 'threw')],
  ['ToolsetCloseError', ToolsetCloseError, () => new ToolsetCloseError([{ toolset: 's', error: new Error('x') }])],
  ['AgentClosedError', AgentClosedError, () => new AgentClosedError('a')],
  ['AgentDepthLimitError', AgentDepthLimitError, () => new AgentDepthLimitError('a', 5)],
  ['SubAgentStoppedError', SubAgentStoppedError, () => new SubAgentStoppedError('a', 'aborted', '', {} as core.RunResult)],
  [
    'SubAgentInterruptedError',
    SubAgentInterruptedError,
    () => new SubAgentInterruptedError('a', [], new core.RunState(newRunRecord('r', 'a'))),
  ],
  ['ParallelAgentError', ParallelAgentError, () => new ParallelAgentError('p', [{ agentName: 'a', index: 0, error: new Error('x') }])],
  ['InvalidRunOptionsError', InvalidRunOptionsError, () => new InvalidRunOptionsError('maxConcurrency', 0, 'a positive integer')],
] as const;

type ErrorClass = { isInstance(error: unknown): boolean; new (...args: never[]): Error };

describe('ToolcraftError', () => {
  it.each(samples.map(([name, , create]) => [name, create] as const))(
    '%s extends ToolcraftError and Error, with its fixed name',
    (name, create) => {
      const error = create();
      expect(error).toBeInstanceOf(Error);
      expect(ToolcraftError.isInstance(error)).toBe(true);
      expect(error.name).toBe(name);
    },
  );

  it('is recognised by each class only: isInstance of one class is false for another class and for plain errors', () => {
    for (const [, errorClass, create] of samples) {
      const error = create();
      for (const [, other] of samples) expect((other as ErrorClass).isInstance(error)).toBe(other === errorClass);
      expect((errorClass as ErrorClass).isInstance(new Error('plain'))).toBe(false);
    }
    expect(ToolcraftError.isInstance(new Error('plain'))).toBe(false);
    expect(ToolcraftError.isInstance(null)).toBe(false);
    expect(ToolcraftError.isInstance('ToolNotFoundError')).toBe(false);
  });

  it('is not fooled by a plain error that only borrows a toolcraft name', () => {
    const impostor = Object.assign(new Error('x'), { name: 'ToolTimeoutError' });
    expect(ToolTimeoutError.isInstance(impostor)).toBe(false);
    expect(ToolcraftError.isInstance(impostor)).toBe(false);
  });

  it('recognises errors of a second copy of the package, which instanceof does not', () => {
    let copy: typeof ToolNotFoundErrorModule | undefined;
    jest.isolateModules(() => {
      copy = jest.requireActual<typeof ToolNotFoundErrorModule>('../src/errors/tool-not-found-error.js');
    });
    const foreign = new copy!.ToolNotFoundError('t', [], []);
    expect(copy!.ToolNotFoundError).not.toBe(ToolNotFoundError);
    expect(foreign).not.toBeInstanceOf(ToolNotFoundError);
    expect(ToolNotFoundError.isInstance(foreign)).toBe(true);
    expect(ToolcraftError.isInstance(foreign)).toBe(true);
    expect(DuplicateToolError.isInstance(foreign)).toBe(false);
    expect(copy!.ToolNotFoundError.isInstance(new ToolNotFoundError('t', [], []))).toBe(true);
  });

  it('keeps the fixed name when a minifier renames the class', () => {
    class a extends ToolNotFoundError {}
    Object.defineProperty(ToolTimeoutError, 'name', { value: 'b', configurable: true });
    try {
      const renamed = new a('t', [], []);
      expect(renamed.name).toBe('ToolNotFoundError');
      expect(ToolNotFoundError.isInstance(renamed)).toBe(true);
      expect(new ToolTimeoutError('t', 5).name).toBe('ToolTimeoutError');
    } finally {
      Object.defineProperty(ToolTimeoutError, 'name', { value: 'ToolTimeoutError', configurable: true });
    }
  });

  it('carries its own marker under Symbol.for, the one helper hasMarker checks', () => {
    const error = new DuplicateToolError('t', 'A', 'B');
    expect(ToolcraftError.hasMarker(error, Symbol.for('toolcraft.error.DuplicateToolError'))).toBe(true);
    expect(ToolcraftError.hasMarker(error, Symbol.for('toolcraft.error.ToolcraftError'))).toBe(true);
    expect(ToolcraftError.hasMarker(error, Symbol.for('toolcraft.error.ToolNotFoundError'))).toBe(false);
    expect(ToolcraftError.hasMarker(undefined, Symbol.for('toolcraft.error.ToolcraftError'))).toBe(false);
  });

  it('gives every exported error class its own isInstance, so no class answers for its siblings', () => {
    const errorClasses = Object.entries(core).filter(
      ([, value]) => typeof value === 'function' && value.prototype instanceof ToolcraftError,
    ) as [string, ErrorClass][];
    expect(errorClasses.length).toBeGreaterThanOrEqual(samples.length + 1);
    for (const [exportName, errorClass] of errorClasses) {
      expect([exportName, Object.prototype.hasOwnProperty.call(errorClass, 'isInstance')]).toEqual([exportName, true]);
      expect([exportName, errorClass.isInstance(new ToolcraftError('base'))]).toEqual([exportName, false]);
    }
  });

  it('is named ToolcraftError itself', () => {
    expect(new ToolcraftError('x').name).toBe('ToolcraftError');
  });

  it('keeps structured fields and the cause', () => {
    const error = new ToolExecutionError('calc', 'failed', new RangeError('digit'));
    expect(error.toolName).toBe('calc');
    expect(error.cause).toBeInstanceOf(RangeError);
    expect(new ToolArgumentsError('t', [{ path: 'a', constraint: 'type', message: 'm' }]).violations[0]!.constraint).toBe('type');
    expect(ToolArgumentsError.isInstance(new ToolArgumentsError('t', []))).toBe(true);
  });
});
