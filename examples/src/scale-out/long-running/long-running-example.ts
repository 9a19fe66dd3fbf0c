// `npm run example:long-running` (needs Redis at REDIS_URL, default redis://127.0.0.1:6379): three processes,
// one run. A starts it, B runs its long-running tool as a BullMQ job, A is killed, C recovers the run and finishes it.
import { join } from 'node:path';
import { spawnDemoProcess } from './demo-process.js';
import { runLongRunningDemo } from './long-running-demo.js';

runLongRunningDemo(
  (script, args, environment) => spawnDemoProcess([join(__dirname, `${script}.js`), ...args], environment, process.cwd()),
  (line) => console.log(line),
  process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
)
  .then((summary) => {
    if (summary.bodyRuns !== 1 || summary.checkpointStatus !== 'completed') process.exitCode = 1;
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
