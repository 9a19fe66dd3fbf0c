import 'reflect-metadata';
import { readFile, writeFile } from 'node:fs/promises';
import { RunState, type RunResult } from '@toolcraft/core';
import { modelFromEnv } from '../model-from-env.js';
import { cleanupRequest, cleanupScript, createCleanupAgent } from './cleanup-agent.js';

/**
 * Two processes, one run: `start` runs the cleanup agent until it asks to delete files, and saves the
 * run's state to a JSON file; `resume` (another process, later) reads it, approves or rejects every
 * deletion, and finishes the run. Offline on a scripted model unless OPENAI_API_KEY is set.
 *
 *   node examples/dist/cjs/pausing/approve-deletes.js start <folder> <state.json>
 *   node examples/dist/cjs/pausing/approve-deletes.js resume <folder> <state.json> [approve|reject]
 * @param argv - the command line after the script
 * @param log - where lines go
 * @returns the run's result
 */
export async function main(argv: readonly string[], log: (line: string) => void = console.log): Promise<RunResult> {
  const [command, folder, stateFile, decision = 'approve'] = argv;
  if ((command !== 'start' && command !== 'resume') || folder === undefined || stateFile === undefined)
    throw new Error('usage: approve-deletes (start <folder> <state.json> | resume <folder> <state.json> [approve|reject])');
  const agent = createCleanupAgent(modelFromEnv(cleanupScript).model, folder);
  let run: RunResult;
  if (command === 'start') run = await agent.run(cleanupRequest);
  else {
    const state = RunState.fromJSON(JSON.parse(await readFile(stateFile, 'utf8')));
    for (const item of state.interruptions) {
      if (decision === 'approve') state.approve(item.callId);
      else state.reject(item.callId, 'the user said no');
      log(`${decision === 'approve' ? 'approved' : 'rejected'} ${item.toolName} ${item.arguments}`);
    }
    run = await agent.resume(state);
  }
  if (run.stopReason === 'interrupted') {
    await writeFile(stateFile, JSON.stringify(run.state));
    for (const item of run.interruptions) log(`waiting for ${item.kind}: ${item.toolName} ${item.arguments} (call ${item.callId})`);
    log(`state saved to ${stateFile}`);
  } else log(`${run.stopReason}: ${run.text}`);
  return run;
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
