import type { AnyTool } from '@toolcraft/core';

/** The MCP tool annotations toolcraft derives from a tool's side-effect options. */
export interface McpToolAnnotations {
  /** The tool does not change anything (`effects: 'read'`). */
  readOnlyHint?: boolean;
  /** The tool's changes cannot be undone (`effects: 'destructive'`); meaningful when not read-only. */
  destructiveHint?: boolean;
  /** Calling it again with the same arguments has no further effect (`idempotent`). */
  idempotentHint?: boolean;
  /** The tool reaches outside systems (`openWorld`). */
  openWorldHint?: boolean;
}

/** The side-effect fields a descriptor may carry (`effects`, `idempotent`, `openWorld`). */
interface SideEffectFields {
  effects?: unknown;
  idempotent?: unknown;
  openWorld?: unknown;
}

/**
 * MCP annotations of a tool, from its descriptor's `effects` (`'read'`: read-only; `'write'`: not
 * read-only, not destructive; `'destructive'`: destructive), `idempotent` (true by default for `'read'`) and `openWorld`. A field
 * that is absent (unknown) gives no hint, so clients apply the protocol's defaults.
 * @param tool - the tool
 * @returns the annotations, or undefined when the tool declares none
 */
export function annotationsOf(tool: AnyTool): McpToolAnnotations | undefined {
  const { effects, idempotent, openWorld } = tool.descriptor as SideEffectFields;
  const annotations: McpToolAnnotations = {};
  if (effects === 'read') annotations.readOnlyHint = true;
  else if (effects === 'write' || effects === 'destructive') {
    annotations.readOnlyHint = false;
    annotations.destructiveHint = effects === 'destructive';
  }
  if (typeof idempotent === 'boolean') annotations.idempotentHint = idempotent;
  else if (effects === 'read') annotations.idempotentHint = true;
  if (typeof openWorld === 'boolean') annotations.openWorldHint = openWorld;
  return Object.keys(annotations).length === 0 ? undefined : annotations;
}
