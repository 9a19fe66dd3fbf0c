import { describeThrownValue, InvalidToolDefinitionError, type JsonSchema } from '@toolcraft/core';
import { untilAborted } from '@toolcraft/core/internal';
import { asSchema, type Schema, type Tool as AITool } from 'ai';

/** An AI SDK tool's input schema, read: its schema (validator) and the JSON Schema the AI SDK sends for it. */
export interface ReadSchema {
  /** The `inputSchema` as a schema (`asSchema`). */
  schema: Schema<unknown>;
  /** The JSON Schema the AI SDK sends, as JSON. */
  jsonSchema: JsonSchema;
}

/**
 * Reads an AI SDK tool's `inputSchema` as `generateText` does (`asSchema`, then its `jsonSchema`,
 * which a lazy `jsonSchema(() => ...)` resolves), bounded: whatever the schema throws, a rejection,
 * or a lazy schema that takes longer than `timeoutMs` is an {@link InvalidToolDefinitionError}
 * naming the tool; an abort of `signal` rejects with its reason.
 * @param inputSchema - the tool's `inputSchema`
 * @param subject - the tool, for errors
 * @param timeoutMs - how long a lazy schema may take
 * @param signal - stops the wait
 * @returns the schema and its JSON Schema
 * @throws InvalidToolDefinitionError when the schema gives no usable JSON Schema
 */
export async function readSchema(
  inputSchema: AITool['inputSchema'],
  subject: string,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<ReadSchema> {
  let schema: Schema<unknown>;
  let pending: Promise<unknown>;
  try {
    schema = asSchema(inputSchema);
    pending = Promise.resolve(schema.jsonSchema);
  } catch (error) {
    throw unreadable(subject, error);
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new InvalidToolDefinitionError(subject, `its lazy inputSchema gave no JSON Schema within ${timeoutMs} ms (schemaTimeoutMs).`),
        ),
      Math.min(timeoutMs, 2_147_483_647),
    );
  });
  const read = pending.then(undefined, (error: unknown) => {
    throw unreadable(subject, error);
  });
  try {
    const raced = Promise.race([read, timedOut]);
    return { schema, jsonSchema: wireCopy(await (signal === undefined ? raced : untilAborted(raced, signal)), subject) };
  } finally {
    clearTimeout(timer);
    read.catch(() => undefined);
    timedOut.catch(() => undefined);
  }
}

function unreadable(subject: string, error: unknown): InvalidToolDefinitionError {
  return new InvalidToolDefinitionError(
    subject,
    `its inputSchema gives no JSON Schema (a zod schema, a Standard Schema or jsonSchema({...}) is expected): ${describeThrownValue(error)}`,
    error,
  );
}

/**
 * The JSON Schema as it goes over the wire: a JSON copy. zod 4 marks the objects of `z.toJSONSchema`
 * with a hidden `~standard` validator, which would make toolcraft read the schema as a zod schema (and
 * give another JSON Schema dialect); the provider is sent the JSON text, so the copy is what the model sees.
 */
function wireCopy(schema: unknown, subject: string): JsonSchema {
  let text: string | undefined;
  try {
    text = JSON.stringify(schema);
  } catch (error) {
    throw new InvalidToolDefinitionError(subject, `its JSON Schema cannot be written as JSON: ${describeThrownValue(error)}.`, error);
  }
  if (text === undefined) throw new InvalidToolDefinitionError(subject, 'its inputSchema gives no JSON Schema.');
  return JSON.parse(text) as JsonSchema;
}
