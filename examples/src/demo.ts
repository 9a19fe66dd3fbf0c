import 'reflect-metadata';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RunState, type RunResult } from '@toolcraft/core';
import { cleanupRequest, cleanupScript, createCleanupAgent } from './pausing/cleanup-agent.js';
import { customerSupportScripts, runCustomerSupport } from './agents/customer-support.js';
import { calculatorQuestion, calculatorScript, createCalculatorAgent } from './agents/calculator-agent.js';
import { createPackingAgent, packingQuestion, packingScript } from './agents/packing-agent.js';
import { createWeatherAgent, weatherScript } from './agents/weather-agent.js';
import { startDemoUI } from './dev-ui/demo-ui.js';
import { modelFromEnv } from './model-from-env.js';
import { printRun } from './print-run.js';
import { printStream, streamDemoRun } from './stream-demo.js';
import { TracingFeature } from './tools/tracing-feature.js';

/**
 * The demo behind `npm start`: agents over the examples' tools, printed turn by turn, with one
 * approval pause and its resume, one handoff, a streamed run, and a typed final answer last.
 * Offline (a scripted model) unless GEMINI_API_KEY, ANTHROPIC_API_KEY or OPENAI_API_KEY is set.
 * @param log - where lines go
 * @param environment - the environment variables that pick the model
 * @returns the calculator, weather, cleanup, customer-support and packing runs, for tests
 */
export async function runDemo(
  log: (line: string) => void = console.log,
  environment: NodeJS.ProcessEnv = process.env,
): Promise<RunResult[]> {
  const calculatorModel = modelFromEnv(calculatorScript, environment);
  log(calculatorModel.banner);
  const workspace = await mkdtemp(join(tmpdir(), 'toolcraft-demo-'));
  try {
    await writeFile(join(workspace, 'notes.md'), '# Notes\n\nTODO\n');
    const tracing = new TracingFeature();
    log('\n=== Calculator agent (calculator, cast_to_double, tracing and span-aware calculators, edit_file) ===');
    const started = Date.now();
    const calculatorRun = await createCalculatorAgent(calculatorModel.model, workspace, [tracing]).run(calculatorQuestion);
    printRun(calculatorRun, log);
    log(`notes.md now reads: ${JSON.stringify(await readFile(join(workspace, 'notes.md'), 'utf8'))}`);
    log(`trace spans: ${tracing.spans.map((span) => `${span.spanId}:${span.toolName}${span.isError ? '(error)' : ''}`).join(', ')}`);

    log('\n=== Weather-report and sentiment agent ===');
    const weatherModel = modelFromEnv(weatherScript, environment);
    const weatherRun = await createWeatherAgent(weatherModel.model).run(
      'What is the weather in London and in Atlantis, and how does the London report feel?',
    );
    printRun(weatherRun, log);

    log('\n=== Approval: the run pauses before deleting, its state is saved as JSON, then resumed ===');
    for (const name of ['build.log', 'debug.log']) await writeFile(join(workspace, name), 'old log lines\n');
    const cleanupModel = modelFromEnv(cleanupScript, environment);
    const cleanup = createCleanupAgent(cleanupModel.model, workspace);
    const paused = await cleanup.run(cleanupRequest);
    log(`stop reason: ${paused.stopReason}`);
    for (const item of paused.interruptions) log(`  waiting for ${item.kind}: ${item.toolName} ${item.arguments}`);
    const saved = JSON.stringify(paused.state);
    log(`saved the run's state (${saved.length} characters of JSON); a person approves every deletion`);
    const state = RunState.fromJSON(JSON.parse(saved));
    for (const item of state.interruptions) state.approve(item.callId);
    const cleanupRun = await cleanup.resume(state);
    printRun(cleanupRun, log);

    log('\n=== Handoff: the customer-service agent hands an urgent request to the support agent ===');
    const supportRun = await runCustomerSupport(log, {
      main: modelFromEnv(customerSupportScripts.main, environment).model,
      support: modelFromEnv(customerSupportScripts.support, environment).model,
    });

    log('\n=== Streaming: text as it arrives, a slow tool with progress ===');
    const stream = streamDemoRun();
    // On a terminal the text appears piece by piece; piped or in a test, one line per message.
    await printStream(stream, log, log === console.log && process.stdout.isTTY ? (text) => process.stdout.write(text) : undefined);
    await stream.result;

    log('\n=== Typed answer: the packing agent answers with a PackingAdvice, validated like tool arguments ===');
    const packingRun = await createPackingAgent(modelFromEnv(packingScript, environment).model).run(packingQuestion);
    printRun(packingRun, log);
    // run.output is a PackingAdvice (its class, its methods): no cast, no JSON.parse.
    log(
      packingRun.output === undefined
        ? `no typed answer: ${packingRun.outputError?.message}`
        : `typed answer> ${packingRun.output.summary()}`,
    );
    log(`\nDone in ${Date.now() - started} ms.`);
    return [calculatorRun, weatherRun, cleanupRun, supportRun, packingRun];
  } finally {
    await rm(workspace, { recursive: true, force: true });
  }
}

if (require.main === module && process.argv.includes('--ui')) {
  // `npm start -- --ui` (or `npm run dev`): the cleanup agent in the dev UI instead of the printed demo.
  startDemoUI()
    .then((demo) => process.once('SIGINT', () => void demo.close().then(() => process.exit(0))))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
} else if (require.main === module) {
  runDemo().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
