import { Brands, setBrand } from '../brands.js';
import type { ArtifactAccess } from '../artifacts/artifact-store.js';
import { InMemoryArtifactStore } from '../artifacts/in-memory-artifact-store.js';
import { ScopedArtifacts } from '../artifacts/scoped-artifacts.js';
import { MissingMemoryServiceError } from '../errors/missing-memory-service-error.js';
import type { MemorySearch, MemorySearchResult } from './memory-search.js';
import { AgentActions } from './agent-actions.js';
import { AgentState } from './agent-state.js';
import { checkProgress } from './check-progress.js';
import type { ToolProgressSink } from './tool-progress.js';
import { CredentialRequiredError, type CredentialRequest } from '../errors/credential-required-error.js';
import { UnsupportedClientRequestError } from '../errors/unsupported-client-request-error.js';
import type { CallClientLookup, ElicitationResult, LogLevel, SamplingRequest, SamplingResult } from './call-client.js';

/** Reads a credential the host provided for a call: `(callId, key) => credential`, undefined when none. */
export type CredentialLookup = (callId: string, key: string) => unknown;

/** What an {@link AgentContext} is made of. */
export interface AgentContextInit {
  runId: string;
  agentName: string;
  state?: AgentState;
  actions?: AgentActions;
  signal?: AbortSignal;
  toolCallId?: string;
  /** Where `reportProgress` goes (the environment binds one per call; a tool's unit test may pass its own). */
  progress?: ToolProgressSink;
  /** The run's artifacts; default a fresh in-memory store for this context's run. */
  artifacts?: ArtifactAccess;
  /** What `searchMemory` calls; without it, `searchMemory` rejects with `MissingMemoryServiceError`. */
  memorySearch?: MemorySearch;
  /** Where `credential(key)` reads the credentials the host provided (in memory only). */
  credentials?: CredentialLookup;
  /** Finds the caller of each call (an MCP client), for `log`, `elicit` and `sample`. */
  client?: CallClientLookup;
}

/**
 * The context of one agent run, given to context-aware tools (like the OpenAI Agents
 * SDK's `RunContext` and Koog's agent context): run id, agent name, the current tool
 * call id, the run's state and actions, and the `AbortSignal` of the call.
 * It is a class, so a method parameter typed `AgentContext` is recognised at runtime.
 */
export class AgentContext {
  /** The unique id of the run. */
  readonly runId: string;
  /** The agent's name. */
  readonly agentName: string;
  /** The state of the run, shared by every call of the run. */
  readonly state: AgentState;
  /** What the tools ask the loop to do next, shared by every call of the run. */
  readonly actions: AgentActions;
  /** The id of the tool call being executed; empty outside a call. */
  readonly toolCallId: string;
  private readonly progress: ToolProgressSink | undefined;
  private ownSignal: AbortSignal | undefined;
  private ownArtifacts: ArtifactAccess | undefined;
  private readonly memorySearch: MemorySearch | undefined;

  /** Where the credentials the host provided are read. */
  protected readonly credentials?: CredentialLookup;
  /** Where each call's caller is found. */
  protected readonly client?: CallClientLookup;

  /** @param init - run id, agent name, and optionally state, actions, signal, call id and credentials */
  constructor(init: AgentContextInit) {
    this.runId = init.runId;
    this.agentName = init.agentName;
    this.state = init.state ?? new AgentState();
    this.actions = init.actions ?? new AgentActions();
    this.ownSignal = init.signal;
    this.toolCallId = init.toolCallId ?? '';
    this.progress = init.progress;
    this.ownArtifacts = init.artifacts;
    this.memorySearch = init.memorySearch;
    if (init.credentials !== undefined) this.credentials = init.credentials;
    if (init.client !== undefined) this.client = init.client;
  }

  /** Aborted when the run is cancelled or this call times out. */
  get signal(): AbortSignal {
    return (this.ownSignal ??= new AbortController().signal);
  }

  /**
   * The run's artifacts (ADK's artifacts): `save(name, data, { mimeType })` returns the version
   * (0, 1, ...), `load(name, version?)`, `list()`; `user:` names belong to the user, across sessions.
   */
  get artifacts(): ArtifactAccess {
    this.ownArtifacts ??= new ScopedArtifacts(new InMemoryArtifactStore(), {
      appName: this.agentName,
      userId: 'anonymous',
      sessionId: this.runId,
    });
    return this.ownArtifacts;
  }

  /**
   * Searches what the user said in earlier sessions (the agent's `memoryService`, ADK's `search_memory`).
   * @param query - what to look for
   * @returns the matching memories, best first
   * @throws MissingMemoryServiceError (as a rejection) when the agent has no memory service
   */
  searchMemory(query: string): Promise<MemorySearchResult> {
    if (this.memorySearch === undefined) return Promise.reject(new MissingMemoryServiceError(this.agentName));
    return this.memorySearch(query);
  }

  /** What a per-call view shares with its run: artifacts and memory search. */
  protected get services(): Pick<AgentContextInit, 'artifacts' | 'memorySearch' | 'credentials' | 'client'> {
    return {
      artifacts: this.artifacts,
      ...(this.memorySearch ? { memorySearch: this.memorySearch } : {}),
      ...(this.credentials ? { credentials: this.credentials } : {}),
      ...(this.client ? { client: this.client } : {}),
    };
  }

  /**
   * Sends a log message to the call's caller: an MCP client gets it as `notifications/message` (when
   * its `logging/setLevel` lets the level through). A no-op where nobody listens (an agent run).
   * @param level - `'debug'`, `'info'`, `'notice'`, `'warning'`, `'error'`, `'critical'`, `'alert'` or `'emergency'`
   * @param message - the text
   * @param data - more data, if any (JSON)
   * @example
   * context.log('info', `indexing ${files.length} files`);
   */
  log(level: LogLevel, message: string, data?: unknown): void {
    try {
      this.client?.(this.toolCallId)?.log?.(level, message, data);
    } catch {
      // Logging never fails a call.
    }
  }

  /**
   * Asks a person, through the call's caller, for values while the call runs (MCP's elicitation: the
   * client shows a form). The answer's `content` fits `schema` (it is checked before it is returned).
   * @param schema - the JSON Schema of what to ask: an object of string, number, integer, boolean and enum properties
   * @param message - what to tell the person
   * @returns `{ action: 'accept', content }`, or `{ action: 'decline' }` / `{ action: 'cancel' }`
   * @throws UnsupportedClientRequestError (as a rejection) when the caller offers no elicitation (an agent
   *   run, an MCP client without the capability); the caller's error when it fails, times out or answers what does not fit
   * @example
   * const answer = await context.elicit({ type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] }, 'Delete 3 files?');
   * if (answer.action !== 'accept' || answer.content?.confirm !== true) return 'Not deleted.';
   */
  elicit<TContent = Record<string, unknown>>(
    schema: Readonly<Record<string, unknown>>,
    message: string,
  ): Promise<ElicitationResult<TContent>> {
    const client = this.client?.(this.toolCallId);
    if (client?.elicit === undefined)
      return Promise.reject(
        new UnsupportedClientRequestError(
          'elicitation',
          'its caller offers none (only an MCP client that declares the elicitation capability does).',
        ),
      );
    return client.elicit(schema, message, this.signal) as Promise<ElicitationResult<TContent>>;
  }

  /**
   * Asks the caller's model for an answer while the call runs (MCP's sampling: the client runs its
   * model, usually after its user approves).
   * @param request - one user message's text, or `{ messages, maxTokens?, systemPrompt?, temperature?, ... }`
   * @returns the model's answer: `text`, `content`, `model`, `stopReason`
   * @throws UnsupportedClientRequestError (as a rejection) when the caller offers no sampling; the caller's
   *   error when it refuses, fails or times out
   * @example
   * const { text } = await context.sample({ messages: `Summarise: ${page}`, maxTokens: 200 });
   */
  sample(request: SamplingRequest | string): Promise<SamplingResult> {
    const client = this.client?.(this.toolCallId);
    if (client?.sample === undefined)
      return Promise.reject(
        new UnsupportedClientRequestError(
          'sampling',
          'its caller offers none (only an MCP client that declares the sampling capability does).',
        ),
      );
    return client.sample(typeof request === 'string' ? { messages: request } : request, this.signal);
  }

  /**
   * `${runId}:${toolCallId}`: the same for a call however often its run is resumed or recovered;
   * pass it to outside systems so a call repeated after a crash is recognised there.
   */
  get idempotencyKey(): string {
    return `${this.runId}:${this.toolCallId}`;
  }

  /**
   * Asks the host for a credential (ADK auth): ends this call with a {@link CredentialRequiredError},
   * and the run stops with a `'credential'` interruption. After `state.provideCredential(callId, credential)`
   * and `agent.resume(state)`, the same call runs again and `credential(key)` returns it.
   * @param request - the key and what the host needs to know
   * @throws CredentialRequiredError always
   */
  requestCredential(request: CredentialRequest): never {
    throw new CredentialRequiredError(request, this.toolCallId);
  }

  /**
   * @param key - the credential's key, as requested
   * @returns the credential the host provided for this call, or undefined until one is provided
   */
  credential<T = unknown>(key: string): T | undefined {
    return this.credentials?.(this.toolCallId, key) as T | undefined;
  }

  /**
   * Reports the progress of the current tool call (MCP's progress notifications): the listener of the
   * call (`onProgress` of the environment's call options) receives it; the agent streams it as a
   * `tool_progress` event. A no-op without a listener or outside a call; a listener that throws is
   * reported through `onFeatureError` and never fails the call.
   * @param done - how much is done, a finite number >= 0 (a count, bytes, a percentage)
   * @param total - how much there is in all, if known (a finite number > 0)
   * @param message - a short human-readable line
   * @throws InvalidProgressError when a value is not what is expected
   * @example
   * for (const [index, file] of files.entries()) {
   *   await upload(file);
   *   context.reportProgress(index + 1, files.length, `uploaded ${file.name}`);
   * }
   */
  reportProgress(done: number, total?: number, message?: string): void {
    checkProgress(done, total, message);
    this.progress?.(done, total, message);
  }

  /**
   * A view of this context for one tool call: same run, state and actions, the call's own id and signal.
   * @param toolCallId - the call's id
   * @param signal - the call's signal (run cancellation and the call's timeout)
   * @param progress - where the call's `reportProgress` goes, if anywhere
   * @returns the per-call context
   */
  forToolCall(toolCallId: string, signal: AbortSignal, progress?: ToolProgressSink): AgentContext {
    return new AgentContext({
      runId: this.runId,
      agentName: this.agentName,
      state: this.state,
      actions: this.actions,
      signal,
      toolCallId,
      ...(progress ? { progress } : {}),
      ...this.services,
    });
  }
}

setBrand(AgentContext.prototype, Brands.agentContext);
