// One outside project (packed tarballs, installed once) for every test file of a jest run. The
// integration project's global setup names a folder in TOOLCRAFT_OUTSIDE_ROOT; the first test file to
// ask installs the project there (a `mkdir` is the lock) and the others wait for its `ready` mark. The
// global teardown removes the folder, unless the folder was given by the user to keep between runs.
const { existsSync, mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { setTimeout: delay } = require('node:timers/promises');
const { createOutsideProject, removeOutsideProject } = require('./outside-project');

/** How long a test file waits for another one's install before it gives up. */
const installWaitMs = 15 * 60_000;

/**
 * The project of this jest run: installed by the first caller, waited for by the others. Without
 * TOOLCRAFT_OUTSIDE_ROOT (a test file run without the integration project's global setup) the
 * caller gets a project of its own.
 * @returns {Promise<{ project: string, release: () => void }>} `release` removes a project of its own, and does nothing to a shared one
 * @throws Error when the install fails (the same error in every test file) or takes too long
 */
async function sharedOutsideProject() {
  const root = process.env.TOOLCRAFT_OUTSIDE_ROOT;
  if (root === undefined || root === '') {
    const project = await createOutsideProject();
    return { project, release: () => removeOutsideProject(project) };
  }
  const project = join(root, 'project');
  const ready = join(root, 'ready');
  const failed = join(root, 'failed');
  mkdirSync(root, { recursive: true });
  let installer = false;
  try {
    mkdirSync(project);
    installer = true;
  } catch (error) {
    if (error.code !== 'EEXIST') throw error;
  }
  if (installer) {
    try {
      await createOutsideProject(project);
      writeFileSync(ready, new Date().toISOString());
    } catch (error) {
      writeFileSync(failed, String(error.message));
      throw error;
    }
  }
  const deadline = Date.now() + installWaitMs;
  while (!existsSync(ready)) {
    if (existsSync(failed)) throw new Error(`The shared outside project failed to install:\n${readFileSync(failed, 'utf8')}`);
    if (Date.now() > deadline)
      throw new Error(`The shared outside project in ${project} was not ready after ${installWaitMs / 60_000} minutes.`);
    await delay(500);
  }
  return { project, release: () => undefined };
}

module.exports = { sharedOutsideProject };
