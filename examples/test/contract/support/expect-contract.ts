import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where the contract snapshots are kept (`examples/test/contract/snapshots/<adapter>.json`). */
const folder = join(__dirname, '..', 'snapshots');

/**
 * Compares what an adapter sent with its snapshot in the repository, so any change to what a model
 * is told shows as a diff to review. `UPDATE_CONTRACTS=1` (re)writes the snapshot instead; a missing
 * snapshot fails (CI never writes one).
 * @param adapter - the snapshot's name (`'openai-chat'`)
 * @param bodies - each example's request body, by example name
 */
export function expectContract(adapter: string, bodies: Record<string, unknown>): void {
  const file = join(folder, `${adapter}.json`);
  const text = `${JSON.stringify(bodies, null, 2)}\n`;
  if (process.env.UPDATE_CONTRACTS === '1') {
    writeFileSync(file, text);
    return;
  }
  if (!existsSync(file))
    throw new Error(`No contract snapshot ${file}: run UPDATE_CONTRACTS=1 npx jest examples/test/contract, review and commit it.`);
  expect(JSON.parse(text)).toEqual(JSON.parse(readFileSync(file, 'utf8')));
}
