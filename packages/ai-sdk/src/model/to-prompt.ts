import type {
  LanguageModelV3FilePart,
  LanguageModelV3Message,
  LanguageModelV3Prompt,
  LanguageModelV3TextPart,
  LanguageModelV3ToolResultPart,
  SharedV3ProviderOptions,
} from '@ai-sdk/provider';
import type { AssistantMessage, ChatMessage, ContentPart, ImagePart, FilePart, UserMessage } from '@toolcraft/core';
import { readExtras } from './assistant-extras.js';
import { requestError } from './ai-sdk-provider.js';
import { mediaData, type MediaContext } from './media-data.js';
import { toToolResultOutput } from './to-tool-result-output.js';

/** What converting a transcript needs: the provider (for errors) and how files by URL are sent. */
export interface PromptContext extends MediaContext {
  /** The provider name, for errors. */
  provider: string;
}

type AssistantPart = Extract<LanguageModelV3Message, { role: 'assistant' }>['content'][number];

/**
 * The transcript as the AI SDK's provider prompt (`LanguageModelV3Prompt`): system messages as
 * they are; user text, images and files (an image is a file part of its media type); assistant
 * reasoning (its `providerMetadata` sent back as the part's `providerOptions`, as `generateText`
 * does), text (with the provider metadata kept for it), files, the parts of provider-executed tools
 * and the tool calls (each call's `providerMetadata` as its `providerOptions`); tool results with
 * `isError` as `error-text`, consecutive ones in one tool message.
 * @param messages - the transcript
 * @param context - the provider, the model's supported URLs and the download
 * @returns the prompt
 * @throws ModelCallError for a reasoning part in a user message, or a download that fails
 */
export async function toPrompt(messages: readonly ChatMessage[], context: PromptContext): Promise<LanguageModelV3Prompt> {
  const prompt: LanguageModelV3Prompt = [];
  for (const message of messages) {
    switch (message.role) {
      case 'system':
        prompt.push({ role: 'system', content: message.content });
        break;
      case 'user':
        prompt.push({ role: 'user', content: await userParts(message, context) });
        break;
      case 'assistant': {
        const content = await assistantParts(message, context);
        if (content.length > 0) prompt.push({ role: 'assistant', content });
        break;
      }
      case 'tool': {
        const part: LanguageModelV3ToolResultPart = {
          type: 'tool-result',
          toolCallId: message.toolCallId,
          toolName: message.name,
          output: toToolResultOutput(message),
        };
        const last = prompt.at(-1);
        if (last?.role === 'tool') last.content.push(part);
        else prompt.push({ role: 'tool', content: [part] });
        break;
      }
      default:
        throw requestError(
          context.provider,
          `a transcript message has an unknown role: ${JSON.stringify((message as { role?: unknown }).role)}`,
        );
    }
  }
  return prompt;
}

async function userParts(message: UserMessage, context: PromptContext): Promise<Array<LanguageModelV3TextPart | LanguageModelV3FilePart>> {
  if (typeof message.content === 'string') return [{ type: 'text', text: message.content }];
  const parts: Array<LanguageModelV3TextPart | LanguageModelV3FilePart> = [];
  for (const part of message.content) {
    if (part.type === 'reasoning') {
      throw requestError(context.provider, 'a user message holds a reasoning part; reasoning belongs to assistant messages only.');
    }
    parts.push(part.type === 'text' ? { type: 'text', text: part.text } : await filePart(part, context));
  }
  return parts;
}

async function assistantParts(message: AssistantMessage, context: PromptContext): Promise<AssistantPart[]> {
  const extras = readExtras(message.providerMetadata);
  const content: ContentPart[] = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : (message.content ?? []);
  const parts: AssistantPart[] = [];
  let textIndex = 0;
  const providerParts = extras.providerParts ?? [];
  const addProviderParts = (position: number) => {
    for (const entry of providerParts) if (entry.position === position) parts.push(entry.part as unknown as AssistantPart);
  };
  for (const [index, part] of content.entries()) {
    addProviderParts(index);
    switch (part.type) {
      case 'text': {
        const metadata = extras.textMetadata?.[textIndex++];
        if (part.text !== '' || metadata != null) parts.push({ type: 'text', text: part.text, ...providerOptions(metadata ?? undefined) });
        break;
      }
      case 'reasoning':
        parts.push({ type: 'reasoning', text: part.text, ...providerOptions(part.providerMetadata) });
        break;
      default:
        parts.push(await filePart(part, context));
    }
  }
  for (const entry of providerParts) if (entry.position >= content.length) parts.push(entry.part as unknown as AssistantPart);
  for (const call of message.toolCalls ?? []) {
    parts.push({
      type: 'tool-call',
      toolCallId: call.id,
      toolName: call.name,
      input: parseArguments(call.arguments),
      ...providerOptions(call.providerMetadata),
    });
  }
  return parts;
}

async function filePart(part: ImagePart | FilePart, context: PromptContext): Promise<LanguageModelV3FilePart> {
  const { data, mediaType } = await mediaData(part.data, part.mediaType, context);
  return {
    type: 'file',
    mediaType,
    data,
    ...(part.type === 'file' && part.filename !== undefined ? { filename: part.filename } : {}),
  };
}

/** A call's arguments as the prompt takes them: the parsed JSON, or the text when it does not parse. */
function parseArguments(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function providerOptions(metadata: object | null | undefined): { providerOptions?: SharedV3ProviderOptions } {
  return metadata == null ? {} : { providerOptions: metadata as SharedV3ProviderOptions };
}
