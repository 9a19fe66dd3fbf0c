import type { Response, ResponseOutputItem, ResponseStreamEvent } from 'openai/resources/responses/responses';
import { responseFailure } from './response-failure.js';

/**
 * Follows the server-sent events of a streamed response to the response `complete` would have
 * received: the last event (`response.completed` or `response.incomplete`) carries it whole; the
 * output items are also assembled from the events on the way (`response.output_item.added` and
 * `.done`, text, function-call argument and reasoning summary deltas), for a server whose last
 * event leaves the output out.
 */
export class ResponseStreamAccumulator {
  private started?: Response;
  private last?: Response;
  private readonly items = new Map<number, ResponseOutputItem>();

  /** @param model - the model name, for error messages */
  constructor(private readonly model: string) {}

  /**
   * Adds one event.
   * @param event - the event
   * @returns the new answer text it carries, if any
   * @throws ModelCallError for `response.failed` and `error` events (retryable by their code)
   */
  add(event: ResponseStreamEvent): string | undefined {
    switch (event.type) {
      case 'response.created':
      case 'response.in_progress':
        this.started = event.response;
        return undefined;
      case 'response.output_item.added':
      case 'response.output_item.done':
        this.items.set(event.output_index, structuredClone(event.item));
        return undefined;
      case 'response.output_text.delta':
        this.appendText(event.output_index, event.content_index, event.delta);
        return event.delta === '' ? undefined : event.delta;
      case 'response.function_call_arguments.delta':
      case 'response.function_call_arguments.done': {
        const item = this.items.get(event.output_index);
        if (item?.type === 'function_call')
          item.arguments = event.type === 'response.function_call_arguments.done' ? event.arguments : item.arguments + event.delta;
        return undefined;
      }
      case 'response.reasoning_summary_text.delta': {
        const item = this.items.get(event.output_index);
        if (item?.type === 'reasoning') {
          const part = (item.summary[event.summary_index] ??= { type: 'summary_text', text: '' });
          part.text += event.delta;
        }
        return undefined;
      }
      case 'response.completed':
      case 'response.incomplete':
        this.last = event.response;
        return undefined;
      case 'response.failed':
        throw responseFailure(this.model, event.response?.error, this.what(event.response));
      case 'error':
        throw responseFailure(this.model, event, 'the stream');
      default:
        return undefined;
    }
  }

  /** Whether the last event came: without it, the answer was cut before its end. */
  get finished(): boolean {
    return this.last !== undefined;
  }

  /** The response the events make up (call once {@link ResponseStreamAccumulator.finished}). */
  response(): Response {
    const last = this.last ?? this.started!;
    if (Array.isArray(last.output) && last.output.length > 0) return last;
    const output = [...this.items.entries()].sort(([a], [b]) => a - b).map(([, item]) => item);
    return { ...last, output };
  }

  private appendText(outputIndex: number, contentIndex: number, delta: string): void {
    const item = this.items.get(outputIndex);
    if (item?.type !== 'message') return;
    const part = item.content[contentIndex];
    if (part === undefined) item.content[contentIndex] = { type: 'output_text', text: delta, annotations: [] };
    else if (part.type === 'output_text') part.text += delta;
  }

  private what(response: Response | undefined): string {
    return typeof response?.id === 'string' ? `the response '${response.id}'` : 'the response';
  }
}
