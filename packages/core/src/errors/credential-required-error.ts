import { pausesRunMarker } from './pauses-run.js';
import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'CredentialRequiredError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/** What a tool asks the host for with `context.requestCredential(...)` (ADK auth). */
export interface CredentialRequest {
  /** The name the tool reads the credential by, with `context.credential(key)`. */
  key: string;
  /** What the credential is for, for the person asked. */
  description?: string;
  /** The kind of credential (`'apiKey'`, `'oauth2'`, ...), when the tool says. */
  scheme?: string;
  /** Anything else the host needs (scopes, an authorization URL, ...); must be JSON. */
  [detail: string]: unknown;
}

/**
 * Thrown by `context.requestCredential(...)`: it ends the tool call, and the agent run stops with a
 * `'credential'` interruption; once the host answers with `state.provideCredential(callId, credential)`,
 * resuming runs the same call again, which reads it with `context.credential(key)`. A tool should not catch it.
 */
export class CredentialRequiredError extends ToolcraftError {
  private readonly [marker] = true;
  /** A credential request is control flow: the call waits for the host, it did not fail. */
  readonly [pausesRunMarker] = true;
  override readonly name: string = errorName;

  /**
   * @param request - what the tool asks for
   * @param callId - the call that asks
   */
  constructor(
    readonly request: CredentialRequest,
    readonly callId: string,
  ) {
    super(`Tool call '${callId}' needs the credential '${request.key}', which the host has not provided yet.`);
  }

  /**
   * Tells whether a value is a {@link CredentialRequiredError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link CredentialRequiredError}
   */
  static override isInstance(error: unknown): error is CredentialRequiredError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
