import { ToolsetCloseError, type ToolsetCloseFailure } from '../errors/toolset-close-error.js';
import { ToolsetError } from '../errors/toolset-error.js';
import type { Toolset } from './toolset.js';

/** The longest delay `setTimeout` honours; a longer (or infinite) time limit means none. */
const longestTimer = 2_147_483_647;

/**
 * Closes toolsets, all at once, each within a time limit. One that throws, rejects or does not
 * finish in time does not keep the others from closing.
 * @param toolsets - the toolsets (those without `close` are skipped)
 * @param timeoutMs - the time limit of each `close()`
 * @throws ToolsetCloseError listing every toolset that failed, in the given order
 */
export async function closeToolsets(toolsets: readonly Toolset[], timeoutMs: number): Promise<void> {
  const outcomes = await Promise.all(toolsets.map((toolset) => closeOne(toolset, timeoutMs)));
  const failures = outcomes.filter((outcome): outcome is ToolsetCloseFailure => outcome !== undefined);
  if (failures.length > 0) throw new ToolsetCloseError(failures);
}

async function closeOne(toolset: Toolset, timeoutMs: number): Promise<ToolsetCloseFailure | undefined> {
  if (typeof toolset.close !== 'function') return undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const closing = Promise.resolve().then(() => toolset.close?.());
    const limit = new Promise<never>((_, reject) => {
      if (timeoutMs <= longestTimer)
        timer = setTimeout(() => reject(new ToolsetError(toolset.name, `did not finish closing within ${timeoutMs} ms.`)), timeoutMs);
    });
    closing.catch(() => undefined);
    await Promise.race([closing, limit]);
    return undefined;
  } catch (error) {
    return { toolset: toolset.name, error };
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }
}
