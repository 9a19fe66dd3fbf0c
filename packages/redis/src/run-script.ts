import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/** A Lua script run by its SHA1 (`EVALSHA`), sent whole (`EVAL`) when the server does not have it yet (or lost it in a restart). */
export class LuaScript {
  private readonly sha: string;

  /** @param source - the script */
  constructor(private readonly source: string) {
    this.sha = createHash('sha1').update(source).digest('hex');
  }

  /**
   * Runs the script.
   * @param client - the client
   * @param keys - KEYS
   * @param args - ARGV
   * @returns the script's reply
   */
  async run(client: Redis, keys: readonly string[], args: readonly (string | number)[]): Promise<unknown> {
    try {
      return await client.evalsha(this.sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return client.eval(this.source, keys.length, ...keys, ...args);
    }
  }
}
