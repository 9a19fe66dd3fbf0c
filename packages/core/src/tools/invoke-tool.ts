/**
 * The one internal entry point through which the dispatcher runs every kind of tool:
 * `tool[invokeTool](args, metadata)`. Each tool class maps it onto its own `execute`.
 * Not exported from the package: application code calls `execute` or goes through an environment.
 * A `Symbol.for` key, so an environment of one copy of the package runs tools of another.
 */
export const invokeTool: unique symbol = Symbol.for('toolcraft.invokeTool');

/** What a tool needs from the call besides its arguments. */
export type ToolNeeds = 'nothing' | 'context' | 'metadata';
