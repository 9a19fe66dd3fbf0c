import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { ContextAwareTool, type AgentContext, type ContextProvider, type JsonSchema } from '@toolcraft/core';
import { InvalidToolsetOptionsError } from '../errors/invalid-toolset-options-error.js';
import { persistentScript, readState, type ShellSessionState } from './persistent-script.js';
import { runCommand, type CommandOutcome } from './run-command.js';
import type { ShellOptions } from './shell-options.js';
import { describeShell } from './describe-shell.js';

const commandArgs: JsonSchema = {
  type: 'object',
  properties: { command: { type: 'string', minLength: 1, description: 'The shell command to run' } },
  required: ['command'],
  additionalProperties: false,
};

/**
 * A local shell (Microsoft Agent Framework's shell tool): runs a command and tells the model its exit
 * code, stdout and stderr, output bounded (head and tail kept), the whole process group killed at the
 * time limit. Destructive and waiting for approval unless `acknowledgeUnsafe: true`. In `'persistent'`
 * mode the working directory and exported variables carry over between the commands of a session.
 * `contextProvider` tells the model the shell, the working directory and tool versions.
 * @example
 * const shell = new ShellTool({ mode: 'persistent', cwd: '/work', timeoutMs: 60_000 });
 * new Agent({ model, tools: [shell], contextProviders: [shell.contextProvider] });
 */
export class ShellTool extends ContextAwareTool<{ command: string }, string> {
  /** Tells the model, before each call, the shell, its working directory and tool versions. */
  readonly contextProvider: ContextProvider;
  private readonly mode: 'stateless' | 'persistent';
  private readonly cwd: string;
  private readonly shell: string;
  private readonly env: NodeJS.ProcessEnv;
  private readonly commandTimeoutMs: number;
  private readonly maxOutputChars: number;
  private readonly stateKey: string;

  /**
   * @param options - the mode, folder, limits, shell and environment
   * @throws InvalidToolsetOptionsError for an impossible option
   */
  constructor(options: ShellOptions = {}) {
    const name = options.name ?? 'shell';
    const mode = options.mode ?? 'stateless';
    const subject = 'ShellTool';
    if (mode !== 'stateless' && mode !== 'persistent')
      throw new InvalidToolsetOptionsError(subject, 'mode', mode, "'stateless' or 'persistent'");
    if (mode === 'persistent' && options.shell !== undefined && basename(options.shell) !== 'bash')
      throw new InvalidToolsetOptionsError(subject, 'shell', options.shell, "bash (a path whose file name is 'bash') in mode 'persistent'");
    for (const [option, value] of [
      ['timeoutMs', options.timeoutMs ?? 30_000],
      ['maxOutputChars', options.maxOutputChars ?? 20_000],
    ] as const)
      if (!Number.isInteger(value) || value < 1)
        throw new InvalidToolsetOptionsError(subject, option, value, 'a whole number of at least 1');
    super({
      name,
      description:
        mode === 'persistent'
          ? 'Runs a shell command. The working directory and exported variables carry over to your next command.'
          : 'Runs a shell command in a fresh shell and answers its exit code, output and errors.',
      argsType: commandArgs,
      effects: 'destructive',
      needsApproval: options.acknowledgeUnsafe !== true,
      // The command has its own time limit, which kills it; the call's stays above it.
      timeoutMs: (options.timeoutMs ?? 30_000) + 5_000,
    });
    this.mode = mode;
    this.cwd = options.cwd ?? process.cwd();
    this.shell = options.shell ?? '/bin/bash';
    this.env = { ...(options.env ?? process.env) };
    this.commandTimeoutMs = options.timeoutMs ?? 30_000;
    this.maxOutputChars = options.maxOutputChars ?? 20_000;
    this.stateKey = `toolcraft.shell.${name}`;
    this.contextProvider = {
      name: `${name}_environment`,
      provide: async (context) => {
        const saved = this.sessionState(context.state.get<unknown>(this.stateKey))?.cwd;
        const cwd = saved !== undefined && (await isFolder(saved)) ? saved : this.cwd;
        return { instructions: await describeShell(this.shell, cwd, this.env, name) };
      },
    };
  }

  async execute(args: { command: string }, context: AgentContext): Promise<string> {
    const saved = this.mode === 'persistent' ? this.sessionState(context.state.get<unknown>(this.stateKey)) : undefined;
    let cwd = saved?.cwd ?? this.cwd;
    let note = '';
    if (saved !== undefined && !(await isFolder(saved.cwd))) {
      // A session's folder removed since (a clean step, another command): start again from the tool's.
      note = `note: the working directory ${saved.cwd} no longer exists; the command ran in ${this.cwd}.\n`;
      cwd = this.cwd;
    }
    if (!(await isFolder(cwd))) throw new Error(`The shell's working directory ${cwd} does not exist (or is not a folder).`);
    const script = this.mode === 'persistent' ? persistentScript(args.command, saved) : args.command;
    const outcome = await runCommand(script, {
      shell: this.shell,
      cwd,
      env: this.env,
      timeoutMs: this.commandTimeoutMs,
      maxOutputChars: this.maxOutputChars,
      signal: context.signal,
    }).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
      throw new Error(
        (await isFolder(cwd)) ? `The shell ${this.shell} was not found.` : `The shell's working directory ${cwd} does not exist.`,
      );
    });
    if (this.mode === 'persistent') {
      const next = readState(outcome.state);
      if (next !== undefined) context.state.set(this.stateKey, next);
    }
    return note + report(outcome, this.commandTimeoutMs);
  }

  private sessionState(value: unknown): ShellSessionState | undefined {
    if (typeof value !== 'object' || value === null) return undefined;
    const { cwd, exports } = value as Partial<ShellSessionState>;
    if (typeof cwd !== 'string' || !Array.isArray(exports)) return undefined;
    return { cwd, exports: exports.filter((line): line is string => typeof line === 'string') };
  }
}

async function isFolder(path: string): Promise<boolean> {
  return stat(path).then(
    (info) => info.isDirectory(),
    () => false,
  );
}

function report(outcome: CommandOutcome, timeoutMs: number): string {
  const sections: string[] = [];
  if (outcome.stdout !== '') sections.push(`stdout:\n${outcome.stdout.replace(/\n$/, '')}`);
  if (outcome.stderr !== '') sections.push(`stderr:\n${outcome.stderr.replace(/\n$/, '')}`);
  const output = sections.length === 0 ? '(no output)' : sections.join('\n');
  if (outcome.killed === 'timeout')
    throw new Error(`The command ran past its ${timeoutMs} ms limit; its process group was killed. Output so far:\n${output}`);
  if (outcome.killed === 'aborted') throw new Error(`The command was cancelled; its process group was killed. Output so far:\n${output}`);
  return `exit code: ${outcome.exitCode}\n${output}`;
}
