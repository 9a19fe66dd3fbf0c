import type { Redis } from 'ioredis';
import type { LongRunningUpdate } from '../updates/long-running-update.js';

/**
 * Which process delivers an update: every process that listens to a queue receives every update, so
 * each one first claims it with `SET NX PX` under `<prefix>:<queue>:toolcraft-claim:<ticket>:<update>`.
 * The claim lapses after `claimMs`, so an update whose process died while delivering it can be
 * delivered again (`catchUp`); a delivery that failed gives its claim back at once.
 */
export class DeliveryClaims {
  /**
   * @param client - a client of the queue's Redis
   * @param base - the key base, `<prefix>:<queue>`
   * @param claimMs - how long a claim holds
   */
  constructor(
    private readonly client: Redis,
    private readonly base: string,
    private readonly claimMs: number,
  ) {}

  /**
   * @param update - the update
   * @returns true when this process got the claim and delivers the update
   */
  async claim(update: LongRunningUpdate): Promise<boolean> {
    return (await this.client.set(this.keyOf(update), String(process.pid), 'PX', this.claimMs, 'NX')) === 'OK';
  }

  /** @param update - an update whose delivery failed: another attempt may claim it */
  async release(update: LongRunningUpdate): Promise<void> {
    await this.client.del(this.keyOf(update));
  }

  private keyOf(update: LongRunningUpdate): string {
    const which =
      update.kind === 'progress' ? `progress:${update.value.done}:${update.value.total ?? ''}:${update.value.message ?? ''}` : 'final';
    return `${this.base}:toolcraft-claim:${update.ticket}:${which}`;
  }
}
