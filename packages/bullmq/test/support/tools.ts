import { IsInt, IsString, Max, Min } from 'class-validator';
import { type AgentContext, ContextAwareTool, LLMDescription, Tool, ToolExecutionError } from '@toolcraft/core';

/** The arguments of the test tools: a text and a count. */
export class ReportArgs {
  @LLMDescription('What to report on') @IsString() topic!: string;
  @LLMDescription('How many pages (1-10)') @IsInt() @Min(1) @Max(10) pages!: number;
}

/** What a test tool saw of each run of its body. */
export interface BodyRun {
  topic: string;
  pages: number;
  idempotencyKey: string;
  runId: string;
  toolCallId: string;
  agentName: string;
  isArgsInstance: boolean;
}

/** A context-aware tool that records each run of its body and reports a page of progress at a time. */
export class WriteReportTool extends ContextAwareTool<ReportArgs, { pages: number; title: string }> {
  readonly runs: BodyRun[] = [];

  constructor(options: { effects?: 'read' | 'write'; name?: string; longRunning?: boolean } = {}) {
    super({
      name: options.name ?? 'write_report',
      description: 'Writes a report of some pages.',
      argsType: ReportArgs,
      ...(options.effects ? { effects: options.effects } : {}),
      ...(options.longRunning ? { longRunning: true } : {}),
      resultFormatter: (result) => `Report '${result.title}' written (${result.pages} pages).`,
    });
  }

  async execute(args: ReportArgs, context: AgentContext): Promise<{ pages: number; title: string }> {
    this.runs.push({
      topic: args.topic,
      pages: args.pages,
      idempotencyKey: context.idempotencyKey,
      runId: context.runId,
      toolCallId: context.toolCallId,
      agentName: context.agentName,
      isArgsInstance: args instanceof ReportArgs,
    });
    for (let page = 1; page <= args.pages; page++) context.reportProgress(page, args.pages, `page ${page}`);
    return { pages: args.pages, title: args.topic.toUpperCase() };
  }
}

/** An error the environment's retry rule retries (`retryable: true`). */
export function retryableError(message: string): ToolExecutionError {
  return Object.assign(new ToolExecutionError('flaky', message), { retryable: true });
}

/** A tool whose body fails as it is told, counting its runs. */
export class FlakyTool extends Tool<{ topic: string }, string> {
  attempts = 0;

  /**
   * @param options - whether the tool is idempotent (with retry), how many first attempts fail, and whether failures are retryable
   */
  constructor(private readonly options: { name: string; idempotent: boolean; failures: number; retryable: boolean }) {
    super({
      name: options.name,
      description: 'Does something that may fail.',
      argsType: { type: 'object', properties: { topic: { type: 'string' } }, required: ['topic'] },
      idempotent: options.idempotent,
      ...(options.idempotent ? { retry: { attempts: 3, baseDelayMs: 20 } } : {}),
    });
  }

  async execute(args: { topic: string }): Promise<string> {
    this.attempts += 1;
    if (this.attempts <= this.options.failures) {
      const message = `the ${args.topic} service is down (attempt ${this.attempts})`;
      throw this.options.retryable ? retryableError(message) : new Error(message);
    }
    return `done with ${args.topic} after ${this.attempts} attempts`;
  }
}
