import { DuplicateToolError } from '../errors/duplicate-tool-error.js';
import { duplicateSources, sameMethodTool } from '../registry/tool-source.js';
import type { AnyTool } from '../tools/abstract-tool.js';

/** Tools from one source of an agent, and how that source is named in a clash message. */
export interface ToolSegment {
  /** The tools, in order. */
  readonly tools: readonly AnyTool[];
  /** The source, e.g. `toolset 'admin'`, or a function naming the source of each tool. */
  readonly source: string | ((tool: AnyTool) => string);
}

/**
 * Joins the tools of several sources into one list, each tool once (the same instance, or the same
 * `@Tool` method of the same service, counts once).
 * @param segments - the sources, in order
 * @returns the tools, in order
 * @throws DuplicateToolError naming both tools and both sources when two different tools share a name
 */
export function mergeTools(segments: readonly ToolSegment[]): AnyTool[] {
  const byName = new Map<string, { tool: AnyTool; segment: ToolSegment }>();
  const merged: AnyTool[] = [];
  for (const segment of segments) {
    for (const tool of segment.tools) {
      const name = tool.descriptor.name;
      const existing = byName.get(name);
      if (existing === undefined) {
        byName.set(name, { tool, segment });
        merged.push(tool);
        continue;
      }
      if (existing.tool === tool || sameMethodTool(existing.tool, tool)) continue;
      const [first, second] = duplicateSources(existing.tool, tool);
      throw new DuplicateToolError(
        name,
        `${first} from ${sourceOf(existing.segment, existing.tool)}`,
        `${second} from ${sourceOf(segment, tool)}`,
      );
    }
  }
  return merged;
}

function sourceOf(segment: ToolSegment, tool: AnyTool): string {
  return typeof segment.source === 'string' ? segment.source : segment.source(tool);
}
