// Finds the Chromium the browser tests drive (through playwright-core's executablePath), and installs
// Debian's `chromium` package when none is there and we are root (as CI is): the tests never skip.
'use strict';
const { execFileSync } = require('node:child_process');
const { existsSync } = require('node:fs');

const candidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

/** @returns {string | undefined} the first Chromium found */
function findChromium() {
  const named = process.env.TOOLCRAFT_CHROMIUM;
  if (named !== undefined && named !== '' && existsSync(named)) return named;
  return candidates.find((file) => existsSync(file));
}

/** @returns {string} a Chromium, installed with apt-get when missing and root */
function ensureChromium() {
  const found = findChromium();
  if (found !== undefined) return found;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!root || !existsSync('/usr/bin/apt-get')) {
    throw new Error(
      'The dev UI tests need Chromium: none was found (' + candidates.join(', ') + ', or TOOLCRAFT_CHROMIUM). ' +
        'Install it (Debian/Ubuntu: `sudo apt-get install -y chromium`) or set TOOLCRAFT_CHROMIUM to its path.',
    );
  }
  console.log('\nInstalling Debian\'s chromium for the dev UI tests (apt-get update && apt-get install -y chromium)...');
  const options = { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }, timeout: 15 * 60 * 1000 };
  execFileSync('apt-get', ['update'], options);
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], options);
  const installed = findChromium();
  if (installed === undefined) throw new Error('apt-get installed chromium, but no Chromium binary was found at ' + candidates.join(', ') + '.');
  return installed;
}

/** Jest's global setup of the devtools project: the path goes to the tests through TOOLCRAFT_CHROMIUM. */
module.exports = async function globalSetup() {
  process.env.TOOLCRAFT_CHROMIUM = ensureChromium();
};
module.exports.findChromium = findChromium;
