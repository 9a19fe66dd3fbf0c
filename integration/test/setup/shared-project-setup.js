// Jest global setup of the integration project: names the folder its test files share one outside
// project in (see ../support/shared-project.js). A TOOLCRAFT_OUTSIDE_ROOT set by the user is kept, so
// a second run reuses its install (delete the folder after rebuilding the packages).
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

module.exports = async function sharedProjectSetup() {
  if (process.env.TOOLCRAFT_OUTSIDE_ROOT) return;
  process.env.TOOLCRAFT_OUTSIDE_ROOT = mkdtempSync(join(tmpdir(), 'toolcraft-outside-'));
  globalThis.toolcraftOutsideRootOwned = true;
};
