import { contentText, type RunResult } from '@toolcraft/core';

/**
 * Prints a run so a person can follow it: the user's message, each tool call with its arguments,
 * each result (errors marked), the final answer, the stop reason, usage and time.
 * @param run - a finished run
 * @param log - where lines go
 */
export function printRun(run: RunResult, log: (line: string) => void): void {
  for (const message of run.messages) {
    switch (message.role) {
      case 'system':
        break;
      case 'user':
        log(`\nuser> ${contentText(message.content)}`);
        break;
      case 'assistant':
        for (const call of message.toolCalls ?? []) log(`  tool call ${call.id}: ${call.name}(${call.arguments})`);
        if (message.content && (message.toolCalls?.length ?? 0) > 0) log(`assistant (thinking)> ${contentText(message.content)}`);
        break;
      case 'tool':
        log(
          `  ${message.isError ? 'ERROR ' : ''}result ${message.toolCallId} from ${message.name}: ${indent(contentText(message.content))}`,
        );
        break;
    }
  }
  log(`\nassistant> ${run.text}`);
  log(
    `\n[stop: ${run.stopReason}${run.transferTo ? ` → ${run.transferTo}` : ''}${run.finishReason && run.finishReason !== 'stop' ? ` (model finish: ${run.finishReason})` : ''}; ${run.toolCalls.length} tool calls; ` +
      `tokens: ${run.usage.inputTokens} in, ${run.usage.outputTokens} out; ${run.durationMs.toFixed(0)} ms]`,
  );
}

function indent(text: string): string {
  return text.includes('\n') ? `\n    ${text.split('\n').join('\n    ')}` : text;
}
