import { describeThrownValue } from '../errors/describe-thrown-value.js';
import { ToolCallMetadata, type MetadataEntries } from '../metadata/tool-call-metadata.js';
import { callInfo, UnreadableCall } from './call-info.js';
import { generateCallId } from './call-ids.js';
import type { ReceivedToolResult, ToolCall } from './tool-call.js';

/**
 * The calls of a batch, copied once into an array: an array element by element (holes kept, answered
 * at their index; an element whose getter throws kept as an {@link UnreadableCall}, answered with an
 * error at its index), another iterable with `Array.from`. Never throws.
 * @param calls - what the caller passed
 * @returns the calls, or a TypeError saying what was wrong when they are not a list or cannot be read
 *   (a `length` that throws, an iterator that throws)
 */
export function callList(calls: unknown): readonly (ToolCall | UnreadableCall | undefined)[] | TypeError {
  try {
    if (Array.isArray(calls)) {
      const count: unknown = calls.length;
      if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0) {
        return new TypeError(`executeTools could not read its calls: their length is ${String(count)}, not a count.`);
      }
      const copy = new Array<ToolCall | UnreadableCall | undefined>(count);
      for (let index = 0; index < count; index++) copy[index] = elementAt(calls, index);
      return copy;
    }
    if (typeof calls === 'object' && calls !== null && Symbol.iterator in calls) return Array.from(calls as Iterable<ToolCall>);
  } catch (error) {
    return new TypeError(`executeTools could not read its calls: ${describeThrownValue(error)}`);
  }
  const got = calls === null ? 'null' : typeof calls;
  return new TypeError(`executeTools expects an array (or iterable) of tool calls, but was given ${got}.`);
}

function elementAt(calls: readonly unknown[], index: number): ToolCall | UnreadableCall | undefined {
  try {
    return calls[index] as ToolCall | undefined;
  } catch (error) {
    return new UnreadableCall(new TypeError(`The tool call at index ${index} could not be read: ${describeThrownValue(error)}`));
  }
}

/**
 * The one result of a batch whose calls could not be read.
 * @param error - what was wrong
 * @returns an error result with a generated id
 */
export function batchErrorResult(error: TypeError): ReceivedToolResult {
  return { id: generateCallId(), name: '', content: `Error: ${error.message}`, isError: true, error };
}

/**
 * The caller's metadata, read once for the batch.
 * @param metadata - what the caller passed
 * @returns the metadata, or a TypeError when it cannot be read
 */
export function readCallerMetadata(metadata: ToolCallMetadata | MetadataEntries | undefined): ToolCallMetadata | TypeError {
  try {
    return ToolCallMetadata.of(metadata);
  } catch (error) {
    return new TypeError(`The caller's metadata could not be read: ${describeThrownValue(error)}`);
  }
}

/**
 * The result of a call whose caller's metadata could not be read: the tool is not run.
 * @param call - the call
 * @param error - what was wrong with the metadata
 * @returns an error result for the call
 */
export function unreadableMetadataResult(call: ToolCall | UnreadableCall | undefined, error: TypeError): ReceivedToolResult {
  const info = callInfo(call);
  return { id: info.id, name: info.name, content: `Error: ${error.message}`, isError: true, error };
}
