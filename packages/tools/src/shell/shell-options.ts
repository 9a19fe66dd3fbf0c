/** Options of a {@link ShellTool}. */
export interface ShellOptions {
  /**
   * `'stateless'` (default): each command runs in a fresh shell in `cwd`. `'persistent'`: the working
   * directory and exported variables a command leaves carry over to the next command of the same
   * session (kept in the session's state, only what differs from the tool's own environment).
   */
  mode?: 'stateless' | 'persistent';
  /** Where commands start; default the process's working directory. */
  cwd?: string;
  /** The longest a command may run, in ms; then its whole process group is killed. Default 30,000. */
  timeoutMs?: number;
  /** The most output characters the model gets, the head and the tail kept; default 20,000. */
  maxOutputChars?: number;
  /** The shell; default `/bin/bash`. */
  shell?: string;
  /** The environment commands get; default the process's. */
  env?: Readonly<Record<string, string | undefined>>;
  /**
   * The shell can do anything the process can: by default the tool is `destructive` and every
   * command waits for approval. `true` runs commands without asking (a sandbox, a throwaway container).
   */
  acknowledgeUnsafe?: boolean;
  /** The tool's name; default `'shell'`. */
  name?: string;
}
