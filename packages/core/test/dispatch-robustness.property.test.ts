/* eslint-disable @typescript-eslint/prefer-promise-reject-errors -- pathological rejections are the input space */
import 'reflect-metadata';
import fc from 'fast-check';
import {
  AgentEnvironment,
  type ErrorDetail,
  type Feature,
  type ReceivedToolResult,
  type ToolCall,
  type ToolPipeline,
  ToolRegistry,
} from '../src/index.js';
import { AddTool } from './support/calculator.js';

const timeoutMs = 50;
const never = () => new Promise<never>(() => undefined);

/** Values a careless or hostile callback may throw. */
function pathological(kind: number): unknown {
  const trap = () => {
    throw new Error('trap');
  };
  switch (kind) {
    case 0: {
      const error = new Error('x');
      Object.defineProperty(error, 'message', { get: trap });
      return error;
    }
    case 1:
      return new Proxy({}, { get: trap, getPrototypeOf: trap, has: trap, ownKeys: trap, getOwnPropertyDescriptor: trap });
    case 2: {
      const revocable = Proxy.revocable({}, {});
      revocable.revoke();
      return revocable.proxy;
    }
    case 3:
      return Object.create(null);
    case 4:
      return { toString: trap, [Symbol.toPrimitive]: trap, config: { headers: { Authorization: 'secret' } } };
    default:
      return new Error('plain failure');
  }
}

/** What a user callback does: return normally, throw, reject, or never settle. */
type Behaviour = { kind: 'ok' } | { kind: 'throw'; value: number } | { kind: 'reject'; value: number } | { kind: 'hang' };

const behaviour: fc.Arbitrary<Behaviour> = fc.oneof(
  fc.constant<Behaviour>({ kind: 'ok' }),
  fc.integer({ min: 0, max: 5 }).map<Behaviour>((value) => ({ kind: 'throw', value })),
  fc.integer({ min: 0, max: 5 }).map<Behaviour>((value) => ({ kind: 'reject', value })),
  fc.constant<Behaviour>({ kind: 'hang' }),
);

function act<T>(what: Behaviour, ok: () => T): T | Promise<T> {
  switch (what.kind) {
    case 'ok':
      return ok();
    case 'throw':
      throw pathological(what.value);
    case 'reject':
      return Promise.reject(pathological(what.value));
    default:
      return never();
  }
}

const featureSpec = fc.record({
  provider: fc.option(fc.record({ behaviour, async: fc.boolean() }), { nil: undefined }),
  starting: fc.option(behaviour, { nil: undefined }),
  validationFailed: fc.option(behaviour, { nil: undefined }),
  completed: fc.option(behaviour, { nil: undefined }),
  failed: fc.option(behaviour, { nil: undefined }),
});
type FeatureSpec = typeof featureSpec extends fc.Arbitrary<infer T> ? T : never;

function featureOf(spec: FeatureSpec, index: number): Feature {
  const self: Feature = {
    name: `feature_${index}`,
    install(pipeline: ToolPipeline) {
      const { provider, starting, validationFailed, completed, failed } = spec;
      if (provider)
        pipeline.provideToolCallMetadata(self, () => {
          const entries = act(provider.behaviour, () => ({ [`key_${index}`]: index }));
          return provider.async ? Promise.resolve(entries) : entries;
        });
      if (starting) pipeline.onToolCallStarting(self, () => act(starting, () => undefined));
      if (validationFailed) pipeline.onToolValidationFailed(self, () => act(validationFailed, () => undefined));
      if (completed) pipeline.onToolCallCompleted(self, () => act(completed, () => undefined));
      if (failed) pipeline.onToolCallFailed(self, () => act(failed, () => undefined));
    },
  };
  return self;
}

const toolBehaviours: Behaviour[] = [
  { kind: 'ok' },
  { kind: 'hang' },
  ...[0, 1, 2, 3, 4, 5].flatMap((value): Behaviour[] => [
    { kind: 'throw', value },
    { kind: 'reject', value },
  ]),
];
const tools = toolBehaviours.map((what, index) => new AddTool(`tool_${index}`, (args) => act(what, () => args.digit1 + args.digit2)));
const registry = ToolRegistry.of(...tools);

const call = fc.oneof(
  fc.integer({ min: 0, max: tools.length - 1 }).map((index) => ({ name: `tool_${index}`, arguments: { digit1: 1, digit2: 2 } })),
  fc.constant({ name: 'tool_0', arguments: '{"digit1":99}' }),
  fc.constant({ name: 'no_such_tool' }),
);

describe('AgentEnvironment dispatch (property)', () => {
  const problems: unknown[] = [];
  const onProblem = (error: unknown) => void problems.push(error);
  let warnings: jest.SpyInstance;

  beforeAll(() => {
    process.on('unhandledRejection', onProblem);
    process.on('uncaughtException', onProblem);
    warnings = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
  });
  afterAll(() => {
    process.off('unhandledRejection', onProblem);
    process.off('uncaughtException', onProblem);
    warnings.mockRestore();
  });
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] }));
  afterEach(() => jest.useRealTimers());

  it('answers every call of a random batch once, in order, within toolTimeoutMs, whatever its callbacks do', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(call, { minLength: 1, maxLength: 8 }),
        fc.array(featureSpec, { maxLength: 3 }),
        fc.option(behaviour, { nil: undefined }),
        fc.constantFrom<ErrorDetail>('message', 'generic', 'full'),
        async (calls, featureSpecs, listener, errorDetail) => {
          const env = new AgentEnvironment({
            registry,
            features: featureSpecs.map(featureOf),
            toolTimeoutMs: timeoutMs,
            errorDetail,
            ...(listener ? { onFeatureError: () => act(listener, () => undefined) } : {}),
          });
          const batch: ToolCall[] = calls.map((candidate, index) => ({ id: `c${index}`, ...candidate }));
          let results: ReceivedToolResult[] | undefined;
          let failure: unknown;
          env.executeTools(batch).then(
            (settled) => void (results = settled),
            (error: unknown) => void (failure = error),
          );
          await jest.advanceTimersByTimeAsync(timeoutMs);
          await new Promise((resolve) => setImmediate(resolve));

          expect(failure).toBeUndefined();
          expect(results?.map((result) => result.id)).toEqual(batch.map((entry) => entry.id));
          for (const result of results!) expect(typeof result.content).toBe('string');
          expect(problems).toEqual([]);
        },
      ),
      { numRuns: 100 },
    );
  });
});
