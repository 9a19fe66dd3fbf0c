import type { AgentContext } from '../../context/agent-context.js';
import { ContextAwareTool } from '../../tools/context-aware-tool.js';

/** The arguments of `read_artifact`. */
export interface ReadArtifactArgs {
  name: string;
  offset?: number;
  length?: number;
  version?: number;
}

/** The name of the built-in tool that pages through saved artifacts. */
export const readArtifactToolName = 'read_artifact';

/** How many characters `read_artifact` returns when the model gives no `length`. */
export const defaultReadLength = 4_000;

/**
 * The built-in `read_artifact({ name, offset, length, version? })` tool, offered when results may be
 * spilled to artifacts: it returns exactly the characters `offset` to `offset + length` of the
 * artifact's text (the latest version unless `version`), nothing added, so consecutive reads join up.
 */
export class ReadArtifactTool extends ContextAwareTool<ReadArtifactArgs, string> {
  constructor() {
    super({
      name: readArtifactToolName,
      description:
        'Reads part of a saved artifact (e.g. a tool result too long to show at once): returns exactly the characters from offset to offset + length.',
      argsType: {
        type: 'object',
        properties: {
          name: { type: 'string', description: 'The artifact name, as given in the note.' },
          offset: { type: 'integer', minimum: 0, description: 'The first character to read (0 is the start). Default 0.' },
          length: { type: 'integer', minimum: 1, description: `How many characters to read. Default ${defaultReadLength}.` },
          version: { type: 'integer', minimum: 0, description: 'The artifact version; the latest when absent.' },
        },
        required: ['name'],
        additionalProperties: false,
      },
    });
  }

  /**
   * @param args - name, offset, length, version
   * @param context - the run's context (its artifacts)
   * @returns the characters asked for
   * @throws Error naming the artifacts there are, when the name is unknown; saying the size, when the offset is past the end
   */
  async execute(args: ReadArtifactArgs, context: AgentContext): Promise<string> {
    const artifact = await context.artifacts.load(args.name, args.version);
    if (artifact === undefined) {
      const names = await context.artifacts.list();
      throw new Error(`There is no artifact '${args.name}'. Artifacts: ${names.length > 0 ? names.join(', ') : '(none)'}.`);
    }
    const text = typeof artifact.data === 'string' ? artifact.data : Buffer.from(artifact.data).toString('utf8');
    const offset = args.offset ?? 0;
    if (offset > text.length)
      throw new Error(`Offset ${offset} is past the end of artifact '${args.name}', which has ${text.length} characters.`);
    return text.slice(offset, offset + (args.length ?? defaultReadLength));
  }
}
