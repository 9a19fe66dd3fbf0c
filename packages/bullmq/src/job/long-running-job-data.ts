/** The data of a long-running call's BullMQ job: what a worker needs to run the call, and which run it belongs to. */
export interface LongRunningJobData {
  /** The tool to run (also the job's name). */
  toolName: string;
  /** The call's arguments as the model sent them (validated, undeclared ones dropped); the worker decodes them again. */
  arguments: Record<string, unknown>;
  /** `${runId}:${callId}`: the tool sees it as `context.idempotencyKey` in the worker too. */
  idempotencyKey: string;
  /** The run that made the call. */
  runId: string;
  /** The call's id in that run. */
  callId: string;
  /** The agent of the run, when known (the worker's `context.agentName`). */
  agentName?: string;
}

/**
 * Reads a job's data, refusing anything that is not a {@link LongRunningJobData}.
 * @param data - `job.data`
 * @returns the data, or a sentence saying what is wrong with it
 */
export function readJobData(data: unknown): LongRunningJobData | string {
  if (typeof data !== 'object' || data === null) return 'its data is not an object';
  const fields = data as Record<string, unknown>;
  for (const name of ['toolName', 'idempotencyKey', 'runId', 'callId'] as const) {
    if (typeof fields[name] !== 'string' || fields[name] === '') return `its data has no '${name}' string`;
  }
  const args = fields.arguments;
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return "its data has no 'arguments' object";
  if (fields.agentName !== undefined && typeof fields.agentName !== 'string') return "its data's 'agentName' is not a string";
  return data as LongRunningJobData;
}
