import type { LanguageModelV3File, LanguageModelV3ToolCall, LanguageModelV3ToolResult } from '@ai-sdk/provider';
import type { ContentPart, JsonValue, ModelToolCall, ProviderMetadata } from '@toolcraft/core';

/**
 * A generated file as a part: an image part for `image/*`, else a file part; the data as base64.
 * @param file - the model's file
 * @returns the part
 */
export function filePartOf(file: LanguageModelV3File): ContentPart {
  const data = typeof file.data === 'string' ? file.data : toBase64(file.data);
  return file.mediaType.startsWith('image/')
    ? { type: 'image', data, mediaType: file.mediaType }
    : { type: 'file', data, mediaType: file.mediaType };
}

/**
 * A tool call toolcraft runs: its id, name and arguments as the model wrote them (an empty input,
 * which the AI SDK reads as no arguments, as `{}`), and its provider metadata.
 * @param call - the model's tool call
 * @returns the call
 * @throws TypeError when the input is not a string (a provider that breaks the specification)
 */
export function toolCallOf(call: LanguageModelV3ToolCall): ModelToolCall {
  const input: unknown = call.input;
  if (typeof input !== 'string') {
    throw new TypeError(
      `the model's tool call ${JSON.stringify(call.toolName)} (id ${JSON.stringify(call.toolCallId)}) has an input of type ${input === null ? 'null' : typeof input}; a LanguageModelV3 tool call's input is its arguments as JSON text (a string).`,
    );
  }
  return {
    id: call.toolCallId,
    name: call.toolName,
    arguments: call.input.trim() === '' ? '{}' : call.input,
    ...(call.providerMetadata === undefined ? {} : { providerMetadata: call.providerMetadata as ProviderMetadata }),
  };
}

/**
 * A call or result of a tool the provider ran, as the prompt part that sends it back
 * (`providerExecuted` calls, results as `json` or `error-json` outputs), in JSON.
 * @param part - the model's provider-executed call or result
 * @returns the prompt part
 */
export function providerPartOf(part: LanguageModelV3ToolCall | LanguageModelV3ToolResult): JsonValue {
  const options = part.providerMetadata === undefined ? {} : { providerOptions: part.providerMetadata };
  if (part.type === 'tool-call') {
    return {
      type: 'tool-call',
      toolCallId: part.toolCallId,
      toolName: part.toolName,
      input: parseInput(part.input),
      providerExecuted: true,
      ...options,
    } as JsonValue;
  }
  const output = { type: part.isError === true ? 'error-json' : 'json', value: part.result };
  return { type: 'tool-result', toolCallId: part.toolCallId, toolName: part.toolName, output, ...options } as JsonValue;
}

/** A provider-executed call's input as the prompt takes it: the parsed JSON, or the text when it does not parse. */
function parseInput(input: string): JsonValue {
  try {
    return JSON.parse(input) as JsonValue;
  } catch {
    return input;
  }
}

/** Bytes as base64, without Node's `Buffer` (the AI SDK runs on edge runtimes too). */
function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000) binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  return btoa(binary);
}
