/**
 * The id of the BullMQ job of a long-running call (its ticket), derived from the call's
 * idempotency key `${runId}:${callId}`: the key with `%` written `%25` and `:` written `%3A`
 * (BullMQ refuses `:` in custom job ids). The mapping is one-to-one, so two calls never share a job,
 * and the same call, repeated by a resumed or recovered run, always names the same job, which
 * BullMQ does not add twice.
 * @param idempotencyKey - `context.idempotencyKey` of the call
 * @returns the job id, e.g. `'6f1c...-9a2e%3Acall_1'` for `'6f1c...-9a2e:call_1'`
 * @example
 * const job = await queue.getJob(longRunningJobId(`${runId}:${callId}`));
 */
export function longRunningJobId(idempotencyKey: string): string {
  return idempotencyKey.replace(/[%:]/g, (character) => (character === '%' ? '%25' : '%3A'));
}
