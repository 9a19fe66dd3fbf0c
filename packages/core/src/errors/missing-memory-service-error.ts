import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'MissingMemoryServiceError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/** `context.searchMemory` called in a run of an agent that has no `memoryService`. */
export class MissingMemoryServiceError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /** @param agentName - the agent of the run */
  constructor(readonly agentName: string) {
    super(
      `context.searchMemory needs a memory service, but agent '${agentName}' has none: pass memoryService (e.g. new InMemoryMemoryService()) to the Agent.`,
    );
  }

  /**
   * Tells whether a value is a {@link MissingMemoryServiceError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link MissingMemoryServiceError}
   */
  static override isInstance(error: unknown): error is MissingMemoryServiceError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
