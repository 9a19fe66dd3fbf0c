import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GoogleGenAI } from '@google/genai';
import { Agent } from '@toolcraft/core';
import { GeminiChatModel } from '@toolcraft/google';
import { CalculatorTool } from '../calculator';
import type { BenchCase } from '../../measure';

const question = 'What is 3 + 4?';
const answer = '3 + 4 = 7.';
const usageMetadata = { promptTokenCount: 20, candidatesTokenCount: 5, totalTokenCount: 25 };

/** The Gemini API's answer to a `generateContent` request: the calculator call first, the text once its result came back. */
function reply(body: { contents?: Array<{ parts?: Array<Record<string, unknown>> }> }): unknown {
  const answered = body.contents?.at(-1)?.parts?.some((part) => part.functionResponse !== undefined) === true;
  const parts = answered ? [{ text: answer }] : [{ functionCall: { name: 'calculator', args: { digit1: 3, digit2: 4 } } }];
  return {
    candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
    usageMetadata,
    modelVersion: 'gemini-2.5-flash',
  };
}

async function answerRequest(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const json = JSON.stringify(reply(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Parameters<typeof reply>[0]));
  response.writeHead(200, { 'content-type': 'application/json; charset=UTF-8', 'content-length': String(Buffer.byteLength(json)) });
  response.end(json);
}

/**
 * Case (gemini): one agent turn through `GeminiChatModel` and the official `@google/genai` client
 * against a local HTTP server answering in the Gemini API's wire format: a calculator call, then
 * the answer (two model requests per run; times per request).
 * @returns the case and a function that stops the server
 */
export async function geminiTurnCase(): Promise<{ case: BenchCase; close(): Promise<void> }> {
  const server = createServer((request, response) => void answerRequest(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const client = new GoogleGenAI({ apiKey: 'bench', httpOptions: { baseUrl: `http://127.0.0.1:${port}` } });
  const agent = new Agent({
    model: new GeminiChatModel({ model: 'gemini-2.5-flash', client }),
    tools: [new CalculatorTool()],
    instructions: 'Be brief.',
  });
  return {
    case: {
      key: 'gemini',
      label: 'Agent + GeminiChatModel (@google/genai) against a local Gemini wire-format server, per request',
      run: async () => {
        const run = await agent.run(question);
        if (run.text !== answer) throw new Error(`the Gemini turn answered ${JSON.stringify(run.text)}`);
        return run;
      },
      callsPerRun: 2,
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
