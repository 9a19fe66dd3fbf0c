// Processes A and C: `agent-process.js start` starts a run; `agent-process.js recover <runId>` recovers one
// whose process died and finishes it when the long-running job completes.
import 'reflect-metadata';
import { Agent, type Feature } from '@toolcraft/core';
import { BullMQLongRunning, resumeOnCompletion } from '@toolcraft/bullmq';
import { RedisCheckpointStore } from '@toolcraft/redis';
import { blockingConnection, reportModel, reportSettings, WriteReportTool } from './report-setup.js';

const settings = reportSettings();
const say = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

async function main(role: string, runId: string | undefined): Promise<void> {
  const connection = blockingConnection(settings);
  const checkpoints = new RedisCheckpointStore({ connection, keyPrefix: `${settings.prefix}:example:` });
  // The agent process registers the stand-in; the tool's body runs in the worker process.
  const report = BullMQLongRunning.of(new WriteReportTool(connection, settings), {
    queueName: settings.queueName,
    connection,
    prefix: settings.prefix,
  });
  // A host records each run's id as it starts (here on stdout), to recover the run if this process dies.
  const runIds: Feature = { name: 'run-ids', install: (pipeline) => pipeline.onRunStarting(runIds, ({ runId: id }) => say(`run ${id}`)) };
  const agent = new Agent({ name: 'reporter', model: reportModel(role === 'start', say), tools: [report], features: [runIds] });
  let finished!: () => void;
  const done = new Promise<void>((resolve) => (finished = resolve));
  const resumer = await resumeOnCompletion({
    queueName: settings.queueName,
    connection,
    prefix: settings.prefix,
    agent,
    checkpoints,
    onResumed: (run) => {
      if (run.pending.length > 0) return;
      say(`final ${run.text}`);
      finished();
    },
  });
  if (role === 'start') {
    // With the example's model this never returns: the process is killed while the model "thinks".
    const run = await agent.run('Write me a report on the tides of the North Sea.', { checkpoints });
    say(`stopped ${run.stopReason}`);
  } else {
    const recovered = await agent.recover(runId!, { checkpoints });
    say(`recovered ${recovered.stopReason} pending ${recovered.pending.map((call) => call.callId).join(',')}`);
    say(`text ${recovered.text}`);
    await resumer.catchUp(runId!); // results that arrived while no process listened
  }
  await done;
  await resumer.close();
  await report.close();
  await connection.quit();
}

const [role, runId] = process.argv.slice(2);
if (role !== 'start' && !(role === 'recover' && runId !== undefined)) {
  console.error('usage: agent-process start | agent-process recover <runId>');
  process.exitCode = 2;
} else {
  main(role, runId).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
