/**
 * The one internal entry point through which the dispatcher runs every kind of tool:
 * `tool[invokeTool](args, metadata)`. Each tool class maps it onto its own `execute`.
 * Not exported from the package: application code calls `execute` or goes through an environment.
 */
export const invokeTool: unique symbol = Symbol('toolcraft.invokeTool');

/** What a tool needs from the call besides its arguments. */
export type ToolNeeds = 'nothing' | 'context' | 'metadata';
