import type { ToolPipeline } from './tool-pipeline.js';

/**
 * The registration lists of a pipeline, by name (every array it keeps its features' handlers in).
 * Reached through `@toolcraft/core/internal`, so its exports are never tagged internal in TSDoc:
 * stripInternal would drop their declarations.
 */
type Lists = Record<string, unknown[]>;

/**
 * Where a pipeline's registration lists stand now (their lengths), so handlers a feature registers
 * later (lazily, when it first needs them) can go where they would have gone at its installation:
 * see {@link registerInPlace}.
 */
export type PipelinePlace = ReadonlyMap<string, number>;

/**
 * @param pipeline - a pipeline, during a feature's `install`
 * @returns where its lists stand now
 */
export function pipelinePlace(pipeline: ToolPipeline): PipelinePlace {
  const place = new Map<string, number>();
  for (const [name, list] of Object.entries(pipeline as unknown as Lists)) if (Array.isArray(list)) place.set(name, list.length);
  return place;
}

/**
 * Runs `register` (which registers handlers on the pipeline, as in `install`) and moves what it
 * registered to the place taken at installation: the order among features stays the installation
 * order, however late the handlers come (a feature installed after it keeps running after it). The
 * lists are replaced, not changed: what runs now goes on with the lists it began with.
 * @param pipeline - the pipeline
 * @param place - where its lists stood at the feature's installation ({@link pipelinePlace})
 * @param register - registers the handlers
 */
export function registerInPlace(pipeline: ToolPipeline, place: PipelinePlace, register: () => void): void {
  const lists = pipeline as unknown as Lists;
  const before = pipelinePlace(pipeline);
  // Copy on write: a call running through a list now (its handlers one after another) keeps the list it
  // started with, so no handler of it runs twice or is skipped when others move.
  for (const name of before.keys()) lists[name] = lists[name]!.slice();
  register();
  for (const [name, at] of place) {
    const list = lists[name]!;
    const from = before.get(name)!;
    if (list.length === from || at >= from) continue;
    const added = list.splice(from);
    list.splice(at, 0, ...added);
  }
}
