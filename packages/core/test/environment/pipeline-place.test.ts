import type { Feature } from '../../src/index';
import { ToolPipeline } from '../../src/environment/tool-pipeline';
import { pipelinePlace, registerInPlace } from '../../src/environment/pipeline-place';
import { runInScope } from '../../src/environment/run-in-scope';

const feature = (name: string): Feature => ({ name, install: () => undefined });

/** A scope that logs its name around `next`. */
function logging(pipeline: ToolPipeline, name: string, log: string[]): void {
  pipeline.wrapExecution(feature(name), (_scope, next) => {
    log.push(name);
    return next();
  });
}

describe('registerInPlace', () => {
  it("puts handlers registered late where they would have gone at installation: the features' order holds", () => {
    const pipeline = new ToolPipeline();
    const log: string[] = [];
    logging(pipeline, 'first', log);
    const place = pipelinePlace(pipeline);
    logging(pipeline, 'after', log);
    registerInPlace(pipeline, place, () => logging(pipeline, 'late', log));

    runInScope(pipeline, { kind: 'run', runId: 'r1', agentName: 'a' }, () => log.push('work'));
    expect(log).toEqual(['first', 'late', 'after', 'work']);
  });

  it('leaves what runs now with the lists it began with: no scope runs twice or is skipped', () => {
    const pipeline = new ToolPipeline();
    const place = pipelinePlace(pipeline);
    const log: string[] = [];
    pipeline.wrapExecution(feature('outer'), (_scope, next) => {
      log.push('outer');
      // Registered while a run is inside this scope: it goes first, but this run does not see it.
      registerInPlace(pipeline, place, () => logging(pipeline, 'late', log));
      return next();
    });
    logging(pipeline, 'inner', log);

    runInScope(pipeline, { kind: 'run', runId: 'r1', agentName: 'a' }, () => log.push('work'));
    expect(log).toEqual(['outer', 'inner', 'work']);
    log.length = 0;
    runInScope(pipeline, { kind: 'run', runId: 'r2', agentName: 'a' }, () => log.push('work'));
    expect(log).toEqual(['late', 'outer', 'inner', 'work']);
  });
});
