import { type AgentContext, ContextAwareTool, type ChatRequest } from '@toolcraft/core';
import { ScriptedModel } from '@toolcraft/testing';
import { Redis } from 'ioredis';

/** Where the example's processes meet: one Redis, one queue, one key prefix (a fresh one per demo run). */
export interface ReportSettings {
  redisUrl: string;
  queueName: string;
  /** BullMQ's key prefix and the example's own keys' prefix. */
  prefix: string;
}

/**
 * Reads the settings every process of the example gets from its environment.
 * @param environment - the environment variables
 * @returns the settings
 */
export function reportSettings(environment: NodeJS.ProcessEnv = process.env): ReportSettings {
  return {
    redisUrl: environment.REDIS_URL ?? 'redis://127.0.0.1:6379',
    queueName: environment.QUEUE_NAME ?? 'reports',
    prefix: environment.PREFIX ?? 'toolcraft-example',
  };
}

/**
 * A client as BullMQ workers and listeners need it: blocking commands never give up while Redis is away.
 * @param settings - the settings
 * @returns the client
 */
export function blockingConnection(settings: ReportSettings): Redis {
  return new Redis(settings.redisUrl, { maxRetriesPerRequest: null });
}

/** The key counting how often the tool's body ran, in every process together. */
export const bodyRunsKey = (settings: ReportSettings): string => `${settings.prefix}:example:body-runs`;
/** The key whose presence lets a waiting body finish (the demo sets it once the run's new process is up). */
export const releaseKey = (settings: ReportSettings): string => `${settings.prefix}:example:release`;

/** Arguments of `write_report`. */
export interface ReportArgs {
  topic: string;
  pages: number;
}

/**
 * Writes a report, slowly: a long-running tool whose body runs in a worker process. It counts its
 * runs in Redis, reports a page of progress at a time, and (when asked to) waits for a release key
 * before it finishes, so the demo can crash the run's process while the job is under way.
 */
export class WriteReportTool extends ContextAwareTool<ReportArgs, string> {
  /**
   * @param redis - where the body counts its runs and looks for the release key
   * @param settings - the settings
   * @param options - `waitForRelease`: finish only once the release key exists; `log`: told when the body starts
   */
  constructor(
    private readonly redis: Redis,
    private readonly settings: ReportSettings,
    private readonly options: { waitForRelease?: boolean; log?: (line: string) => void } = {},
  ) {
    super({
      name: 'write_report',
      description: 'Writes a report of some pages on a topic. Takes minutes.',
      argsType: {
        type: 'object',
        properties: {
          topic: { type: 'string', description: 'What the report is about' },
          pages: { type: 'integer', minimum: 1, maximum: 20 },
        },
        required: ['topic', 'pages'],
      },
      effects: 'write',
    });
  }

  async execute(args: ReportArgs, context: AgentContext): Promise<string> {
    const runs = await this.redis.incr(bodyRunsKey(this.settings));
    this.options.log?.(`started ${context.idempotencyKey} (body run ${runs})`);
    for (let page = 1; page <= args.pages; page++) context.reportProgress(page, args.pages, `page ${page} written`);
    while (this.options.waitForRelease === true && (await this.redis.exists(releaseKey(this.settings))) === 0) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return `The report "${args.topic}" is ready: ${args.pages} pages.`;
  }
}

/**
 * The offline model of the example: asks for the report, says it started, and answers with the
 * final result once it arrives. With `hangAfterStart`, its second answer never comes (the process
 * is killed while it waits, mid-run).
 * @param hangAfterStart - whether to hang after the tool's first result
 * @param log - told when it hangs
 * @returns the model
 */
export function reportModel(hangAfterStart = false, log: (line: string) => void = () => undefined): ScriptedModel {
  return new ScriptedModel(
    [
      async (request: ChatRequest) => {
        const last = request.messages.at(-1)!;
        const text = typeof last.content === 'string' ? last.content : '';
        if (last.role === 'user' && text.startsWith('The final result')) return { text: `Here it is. ${text.split('\n').at(-1)}` };
        if (last.role === 'tool') {
          if (hangAfterStart) {
            log('thinking');
            await new Promise<never>(() => undefined);
          }
          return { text: 'I started the report; it takes a while, I will tell you when it is ready.' };
        }
        return { toolCalls: [{ id: 'call_report', name: 'write_report', arguments: { topic: 'Tides of the North Sea', pages: 3 } }] };
      },
    ],
    { onExhausted: 'repeatLast' },
  );
}
