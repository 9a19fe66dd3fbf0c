// Jest global teardown of the integration project: removes the shared outside project its setup named.
const { rmSync } = require('node:fs');

module.exports = async function sharedProjectTeardown() {
  if (globalThis.toolcraftOutsideRootOwned !== true) return;
  rmSync(process.env.TOOLCRAFT_OUTSIDE_ROOT, { recursive: true, force: true });
  delete process.env.TOOLCRAFT_OUTSIDE_ROOT;
};
