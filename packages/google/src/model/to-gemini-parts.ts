import type { FunctionResponsePart, Part } from '@google/genai';
import { ModelCallError, partData, type AssistantMessage, type ContentPart, type ModelToolCall, type ToolMessage } from '@toolcraft/core';
import { googleProvider } from '../schema/schema-context.js';
import { readPartMetadata, readTextSignatures } from './google-metadata.js';

/**
 * A user's part: text as it is, an image or a file as `inlineData` (base64) or `fileData` (a URL:
 * a Files API URI, a Cloud Storage or web URL).
 * @param part - the part
 * @returns the Gemini part
 * @throws ModelCallError for a reasoning part, which only an assistant message may hold
 */
export function toUserPart(part: ContentPart): Part {
  switch (part.type) {
    case 'text':
      return { text: part.text };
    case 'image':
    case 'file':
      return mediaPart(part.data, part.mediaType);
    case 'reasoning':
      throw new ModelCallError('A user message holds a reasoning part, which only an assistant message may hold.', {
        retryable: false,
        provider: googleProvider,
      });
  }
}

/**
 * An assistant message as the parts of a `model` turn, each thought signature back on the part it
 * came on: the content's text parts (signatures from `providerMetadata.google.textSignatures`),
 * reasoning parts as `thought: true` parts (signature from the part's metadata), then the function
 * calls (with the id Gemini gave, and the signature from the call's metadata).
 * @param message - the assistant message
 * @returns the parts (none for an empty message)
 */
export function toModelParts(message: AssistantMessage): Part[] {
  const parts: Part[] = [];
  const signatures = readTextSignatures(message.providerMetadata);
  let textIndex = 0;
  const addText = (text: string, thought: boolean, signature: string | undefined): void => {
    if (text === '' && signature === undefined) return;
    parts.push({ text, ...(thought ? { thought: true } : {}), ...(signature === undefined ? {} : { thoughtSignature: signature }) });
  };
  if (typeof message.content === 'string') addText(message.content, false, signatures[textIndex++]);
  else if (Array.isArray(message.content)) {
    for (const part of message.content) {
      if (part.type === 'text') addText(part.text, false, signatures[textIndex++]);
      else if (part.type === 'reasoning') addText(part.text, true, readPartMetadata(part.providerMetadata).thoughtSignature);
      else parts.push(mediaPart(part.data, part.mediaType));
    }
  }
  for (const call of message.toolCalls ?? []) parts.push(functionCallPart(call));
  return parts;
}

function functionCallPart(call: ModelToolCall): Part {
  const { callId, thoughtSignature } = readPartMetadata(call.providerMetadata);
  return {
    functionCall: { ...(callId === undefined ? {} : { id: callId }), name: call.name, args: argumentsObject(call.arguments) },
    ...(thoughtSignature === undefined ? {} : { thoughtSignature }),
  };
}

/**
 * The arguments of a call as the object Gemini takes. A call Gemini made always has object
 * arguments; arguments that are not a JSON object (a call another model made, answered with an
 * error) go back as `{}`, the call's error result saying what was wrong.
 */
function argumentsObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * A tool message as a `functionResponse` part: `response: { output }`, or `{ error }` for a failed
 * call (the keys Gemini reads as a function's output and its failure), under the call's name and
 * the id Gemini gave the call. Images and files go in the response's `parts`, which Gemini 3 takes.
 * @param message - the tool message
 * @param call - the call it answers, when found in the assistant message before it
 * @param media - whether the model takes images and files in a function response
 * @param model - the model, for the error
 * @returns the part
 * @throws ModelCallError naming the tool when it answered with an image or a file and the model takes none
 */
export function functionResponsePart(message: ToolMessage, call: ModelToolCall | undefined, media: boolean, model: string): Part {
  const texts: string[] = [];
  const parts: FunctionResponsePart[] = [];
  for (const part of typeof message.content === 'string' ? [{ type: 'text' as const, text: message.content }] : message.content) {
    if (part.type === 'text') texts.push(part.text);
    else if (part.type === 'image' || part.type === 'file') {
      if (!media) {
        throw new ModelCallError(
          `Tool '${message.name}' answered with ${part.type === 'image' ? 'an image' : 'a file'}, but model '${model}' takes only text ` +
            'in a function response (images and files in function responses need Gemini 3): format the result as text, or use a Gemini 3 model.',
          { retryable: false, provider: googleProvider },
        );
      }
      parts.push(mediaPart(part.data, part.mediaType));
    }
  }
  const text = texts.join('\n');
  const callId = readPartMetadata(call?.providerMetadata).callId;
  return {
    functionResponse: {
      ...(callId === undefined ? {} : { id: callId }),
      name: call?.name ?? message.name,
      response: message.isError === true ? { error: text } : { output: text },
      ...(parts.length > 0 ? { parts } : {}),
    },
  };
}

function mediaPart(data: string | URL, mediaType: string): Part & FunctionResponsePart {
  const where = partData(data);
  return where.kind === 'url'
    ? { fileData: { fileUri: where.url, mimeType: mediaType } }
    : { inlineData: { data: where.base64, mimeType: mediaType } };
}
