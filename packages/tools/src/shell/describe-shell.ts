import { execFile } from 'node:child_process';

const versions = new Map<string, Promise<string>>();
const probes: Array<[string, string[]]> = [
  ['node', ['--version']],
  ['git', ['--version']],
  ['python3', ['--version']],
];

/**
 * The instructions the shell's context provider gives: the shell with its version, the working
 * directory, and the versions of common tools found on the PATH (looked up once per shell).
 * @param shell - the shell
 * @param cwd - the working directory now
 * @param env - the commands' environment
 * @param toolName - the shell tool's name
 * @returns the text
 */
export async function describeShell(shell: string, cwd: string, env: NodeJS.ProcessEnv, toolName: string): Promise<string> {
  const tools = await (versions.get(shell) ?? remember(shell, env));
  return `The ${toolName} tool runs commands with ${tools}. The working directory is ${cwd}.`;
}

function remember(shell: string, env: NodeJS.ProcessEnv): Promise<string> {
  const found = Promise.all([versionOf(shell, ['--version'], env), ...probes.map(([command, args]) => versionOf(command, args, env))]).then(
    ([own, ...others]) => {
      const listed = probes.flatMap(([command], index) => (others[index] ? [`${command} ${others[index]}`] : []));
      return `${shell}${own ? ` (${own})` : ''}${listed.length > 0 ? `; on its PATH: ${listed.join(', ')}` : ''}`;
    },
  );
  versions.set(shell, found);
  return found;
}

function versionOf(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(command, args, { env, timeout: 2_000 }, (error, stdout, stderr) => {
      if (error) return resolve(undefined);
      const line = `${stdout}${stderr}`.split('\n')[0]?.trim();
      resolve(line?.match(/\d+\.\d+(\.\d+)?/)?.[0] ?? line);
    });
  });
}
