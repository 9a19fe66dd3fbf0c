import type { ts } from '../typescript.js';
import type { EnrichContext } from '../schema/enrich-schema.js';

/** What every entry builder of one run shares: one checker, one schema source, one imports cache. */
export interface GenerationContext extends EnrichContext {
  /** Paths in error messages are relative to this directory. */
  baseDirectory: string;
}

/** The tool a parameter or type belongs to, for messages. */
export interface ToolSubject {
  className: string;
  methodName?: string;
  /** The declaration to point at in messages. */
  node: ts.Node;
}
