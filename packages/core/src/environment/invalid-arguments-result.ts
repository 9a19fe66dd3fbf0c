import { type ArgumentViolation, ToolArgumentsError } from '../errors/tool-arguments-error.js';
import { withoutStack } from '../errors/without-stack.js';
import type { CallInfo } from './dispatch-settings.js';
import { raisedByFramework } from './framework-raised.js';
import type { ReceivedToolResult } from './tool-call.js';

let errorProperty: PropertyDescriptor;

/**
 * The result of a call whose arguments failed to decode, when no interceptor needs the error: the
 * model's text is written at once, the {@link ToolArgumentsError} for the host is built when `error`
 * is first read. `error` is an own, enumerable property like on every other result, defined with one
 * shared getter so every such result has the same shape (a getter written in an object literal
 * would be a new function, and a new hidden class, for every call).
 */
export class InvalidArgumentsResult implements ReceivedToolResult {
  /** The call's id. */
  readonly id: string;
  /** The tool's name, as called. */
  readonly name: string;
  /** The text sent to the model. */
  readonly content: string;
  /** Always true. */
  readonly isError: true;
  /** The {@link ToolArgumentsError}, built when first read. */
  declare readonly error: ToolArgumentsError;
  #info: CallInfo;
  #toolName: string;
  #violations: ArgumentViolation[];
  #error: ToolArgumentsError | undefined;

  /**
   * @param info - the call
   * @param toolName - the tool whose arguments failed
   * @param violations - what failed to decode
   * @param content - the text for the model
   */
  constructor(info: CallInfo, toolName: string, violations: ArgumentViolation[], content: string) {
    this.id = info.id;
    this.name = info.name;
    this.content = content;
    this.isError = true;
    this.#info = info;
    this.#toolName = toolName;
    this.#violations = violations;
    Object.defineProperty(this, 'error', errorProperty);
  }

  static {
    // The one getter of every such result; it reaches the private state, so it is made inside the class.
    errorProperty = {
      get(this: InvalidArgumentsResult): ToolArgumentsError {
        return (this.#error ??= raisedByFramework(
          withoutStack(() => new ToolArgumentsError(this.#toolName, this.#violations)),
          this.#info,
        ));
      },
      enumerable: true,
      configurable: true,
    };
  }
}
