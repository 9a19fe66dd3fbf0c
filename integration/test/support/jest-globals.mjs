// The globals of a jest test file (describe, it, test, expect, before/afterEach) for a snippet written
// as one and run by node (`node --import`): the tests registered while the snippet loads run in order
// once it has loaded, with jest's own `expect`; a failing test prints its error and exits 1.
import { expect } from 'expect';

const tests = [];
const hooks = { beforeEach: [], afterEach: [] };
const names = [];
globalThis.expect = expect;
globalThis.describe = (name, body) => {
  names.push(name);
  try {
    body();
  } finally {
    names.pop();
  }
};
globalThis.it = globalThis.test = (name, body) => {
  tests.push({ name: [...names, name].join(' > '), body });
};
globalThis.beforeEach = (hook) => hooks.beforeEach.push(hook);
globalThis.afterEach = (hook) => hooks.afterEach.push(hook);

let started = false;
process.on('beforeExit', async () => {
  if (started) return;
  started = true;
  for (const { name, body } of tests) {
    try {
      for (const hook of hooks.beforeEach) await hook();
      await body();
      for (const hook of hooks.afterEach) await hook();
      console.log(`passed: ${name}`);
    } catch (error) {
      console.error(`failed: ${name}\n${error instanceof Error ? error.stack : String(error)}`);
      process.exitCode = 1;
    }
  }
});
