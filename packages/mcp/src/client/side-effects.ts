import type { McpRemoteToolAnnotations } from './mcp-remote-tool.js';

/** The side-effect options of a tool, as toolcraft names them. */
export interface SideEffects {
  effects?: 'read' | 'write' | 'destructive';
  idempotent?: boolean;
  openWorld?: boolean;
}

/**
 * A remote tool's side effects from its MCP annotations: `readOnlyHint: true` is `'read'`;
 * `readOnlyHint: false` is `'destructive'` unless `destructiveHint: false` says `'write'` (MCP's
 * default for a tool that is not read-only is destructive); no `readOnlyHint` leaves them unknown.
 * @param annotations - the server's annotations
 * @returns the side-effect options (empty when unknown)
 */
export function sideEffectsOf(annotations: McpRemoteToolAnnotations | undefined): SideEffects {
  if (annotations === undefined) return {};
  const effects: SideEffects = {};
  if (annotations.readOnlyHint === true) effects.effects = 'read';
  else if (annotations.readOnlyHint === false) effects.effects = annotations.destructiveHint === false ? 'write' : 'destructive';
  if (typeof annotations.idempotentHint === 'boolean') effects.idempotent = annotations.idempotentHint;
  if (typeof annotations.openWorldHint === 'boolean') effects.openWorld = annotations.openWorldHint;
  return effects;
}
