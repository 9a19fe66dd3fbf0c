// Process B: runs the bodies of the long-running calls. `node examples/dist/cjs/scale-out/long-running/worker-process.js`
import 'reflect-metadata';
import { createLongRunningWorker } from '@toolcraft/bullmq';
import { blockingConnection, reportSettings, WriteReportTool } from './report-setup.js';

const settings = reportSettings();
const connection = blockingConnection(settings);
const say = (line: string): void => {
  process.stdout.write(`${line}\n`);
};
const tool = new WriteReportTool(connection, settings, { waitForRelease: process.env.WAIT_FOR_RELEASE === '1', log: say });
const worker = createLongRunningWorker({ tools: [tool], queueName: settings.queueName, connection, prefix: settings.prefix });
worker.worker.on('completed', (job) => say(`completed ${job.id ?? ''}`));

process.on('SIGTERM', () => {
  void worker.close().then(() => connection.quit());
});
void worker.waitUntilReady().then(() => say('ready'));
