// Builds one temporary project outside the repository with every package installed from its
// `npm pack` tarball, as a user installs them, and runs commands in it. Plain CommonJS so that it
// needs no transform and no tsconfig of the monorepo.
const { execFile } = require('node:child_process');
const { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const repository = join(__dirname, '..', '..', '..');
const fixtures = join(__dirname, '..', '..', 'fixtures');
const packages = ['core', 'openai', 'anthropic', 'google', 'testing', 'schema', 'mcp', 'opentelemetry', 'redis', 'bullmq', 'tools', 'openapi', 'ai-sdk', 'langchain', 'ui-stream', 'devtools'];
/** What a user installs beside the tarballs; versions follow the monorepo's own dev dependencies (root and packages). */
const userDependencies = [
  'reflect-metadata',
  'class-validator',
  'class-transformer',
  'openai',
  '@anthropic-ai/sdk',
  '@google/genai',
  '@opentelemetry/api',
  'ioredis',
  'bullmq',
  'ai',
  '@ag-ui/core',
  '@langchain/core',
  'typescript',
  'tsx',
  'jest',
  'ts-jest',
  '@types/jest',
  '@types/node',
  // what the docs' snippets import besides (docs-snippets.test.js)
  'zod',
  'valibot',
  '@valibot/to-json-schema',
  '@modelcontextprotocol/sdk',
  '@opentelemetry/sdk-trace-base',
  '@opentelemetry/context-async-hooks',
  '@ai-sdk/openai',
];

/**
 * Peers installed at the oldest supported minor instead of the monorepo's version, so that both
 * ends of core's peer range are tested (the monorepo's own tests run the newest) and a package that
 * still pinned the newer one as a dependency would show up as a second copy.
 */
const oldestSupported = { 'class-validator': '~0.14.4' };

/** Versions of what the docs' snippets use that the monorepo itself does not depend on. */
const docsOnly = {
  '@valibot/to-json-schema': '1.8.0',
  '@opentelemetry/context-async-hooks': '~2.12.1',
  // the provider of `ai` 6 (its @ai-sdk/provider-utils is the one `ai` 6.0.325 uses), Node >= 18
  '@ai-sdk/openai': '3.0.139',
};

/** The environment of a child process: no npm_* variables of the `npm test` that started jest, no jest worker id. */
function childEnvironment() {
  const environment = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!/^npm_/i.test(name) && name !== 'JEST_WORKER_ID' && name !== 'INIT_CWD') environment[name] = value;
  }
  return environment;
}

/** The versions the monorepo develops with: the dev dependencies of the root and of every package. */
function monorepoVersions() {
  const manifests = ['package.json', ...packages.map((name) => join('packages', name, 'package.json'))];
  return Object.assign({}, ...manifests.map((file) => JSON.parse(readFileSync(join(repository, file), 'utf8')).devDependencies ?? {}));
}

/**
 * Runs a command and resolves with its output; rejects with the command, exit code and all output.
 * @param {string} command
 * @param {string[]} args
 * @param {string} cwd
 * @returns {Promise<{ stdout: string, stderr: string }>}
 */
function run(command, args, cwd) {
  return new Promise((resolve, reject) => {
    execFile(command, args, { cwd, env: childEnvironment(), maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`\`${command} ${args.join(' ')}\` failed in ${cwd} (exit ${String(error.code)}):\n${stdout}\n${stderr}`));
      else resolve({ stdout, stderr });
    });
  });
}

/**
 * Packs every package into a fresh folder under the OS temp directory (or into `folder`, which must
 * be empty), installs the tarballs and the user's dependencies there once, and copies each fixture
 * mode (cjs, esm, tsx, jest) into a sub-folder beside the shared sources; the sub-folders share the
 * one node_modules.
 * @param {string} [folder] - an empty folder to use instead of a fresh temporary one
 * @returns {Promise<string>} the project folder
 * @throws Error when a package is not built or a step fails
 */
async function createOutsideProject(folder) {
  for (const name of packages) {
    if (!existsSync(join(repository, 'packages', name, 'dist', 'cjs', 'index.js'))) {
      throw new Error(`packages/${name} is not built: run \`npm run build\` first (npm test does).`);
    }
  }
  const project = folder ?? mkdtempSync(join(tmpdir(), 'toolcraft-outside-'));
  const tarballs = join(project, 'tarballs');
  mkdirSync(tarballs);
  const workspaces = packages.flatMap((name) => ['-w', `packages/${name}`]);
  await run('npm', ['pack', '--silent', '--pack-destination', tarballs, ...workspaces], repository);
  const versions = monorepoVersions();
  const specs = userDependencies.map((name) => {
    const version = oldestSupported[name] ?? versions[name] ?? docsOnly[name];
    if (version === undefined) throw new Error(`No version for ${name}: add it to a package.json's devDependencies or to docsOnly.`);
    return `${name}@${version}`;
  });
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'toolcraft-outside', version: '1.0.0', private: true }, null, 2));
  const files = readdirSync(tarballs).map((file) => join(tarballs, file));
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', ...files, ...specs], project);
  for (const mode of ['cjs', 'esm', 'tsx', 'jest']) {
    cpSync(join(fixtures, 'shared'), join(project, mode), { recursive: true });
    cpSync(join(fixtures, mode), join(project, mode), { recursive: true });
  }
  return project;
}

/**
 * Runs a binary of the project's node_modules/.bin.
 * @param {string} project
 * @param {string} binary
 * @param {string[]} args
 * @param {string} [cwd]
 */
function runBinary(project, binary, args, cwd = project) {
  return run(join(project, 'node_modules', '.bin', binary), args, cwd);
}

/** Removes the project folder. */
function removeOutsideProject(project) {
  if (project !== undefined) rmSync(project, { recursive: true, force: true });
}

module.exports = { childEnvironment, createOutsideProject, packages, removeOutsideProject, repository, run, runBinary };
