import type { ArtifactAccess } from '../../artifacts/artifact-store.js';
import type { Abortable } from '../../environment/abort-watchers.js';
import { untilAborted } from '../../environment/bounded-await.js';
import type { ReceivedToolResult } from '../../environment/tool-call.js';
import type { ToolRegistry } from '../../registry/tool-registry.js';
import type { ResultBudget } from '../../results/result-budget.js';
import { readArtifactToolName } from './read-artifact-tool.js';

/**
 * Keeps each result within its budget (the tool's `resultBudget`, else the agent's): a longer
 * result is cut to its head of `maxChars` characters plus a note; with `spill` (the default) the whole
 * result is first saved as the artifact `tool-result-<call id>`, which the note names with its full
 * size and how to read on with `read_artifact`. A save that fails leaves the result cut, the note saying so.
 * `read_artifact`'s own results are never cut.
 * @param results - the turn's results
 * @param registry - the agent's tools (for their budgets)
 * @param agentBudget - the agent's budget, if any
 * @param artifacts - the run's artifacts
 * @param signal - the run's signal (bounds the saves)
 * @returns the results, those over budget replaced
 */
export async function applyResultBudget(
  results: ReceivedToolResult[],
  registry: ToolRegistry,
  agentBudget: ResultBudget | undefined,
  artifacts: ArtifactAccess,
  signal: Abortable,
): Promise<ReceivedToolResult[]> {
  const out = results.slice();
  for (const [index, result] of results.entries()) {
    if (result.name === readArtifactToolName) continue;
    const budget = registry.findTool(result.name)?.resultBudget ?? agentBudget;
    if (budget === undefined || result.content.length <= budget.maxChars) continue;
    out[index] = { ...result, content: await budgeted(result, budget, artifacts, signal) };
  }
  return out;
}

async function budgeted(result: ReceivedToolResult, budget: ResultBudget, artifacts: ArtifactAccess, signal: Abortable): Promise<string> {
  const { content } = result;
  const { maxChars } = budget;
  const head = content.slice(0, maxChars);
  const size = `${content.length} characters in all, the first ${maxChars} shown above`;
  if (budget.spill === false) return `${head}\n[Result cut: ${size}.]`;
  const name = `tool-result-${result.id.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  try {
    const version = await untilAborted(artifacts.save(name, content, { mimeType: 'text/plain' }), signal);
    const versionText = version > 0 ? `, version ${version}` : '';
    const versionArg = version > 0 ? `, "version": ${version}` : '';
    return `${head}\n[Result cut: ${size}. The whole result is saved as artifact '${name}'${versionText} (${content.length} characters); read on with read_artifact({ "name": "${name}", "offset": ${maxChars}, "length": ${maxChars}${versionArg} }).]`;
  } catch (error) {
    return `${head}\n[Result cut: ${size}. It could not be saved as an artifact (${error instanceof Error ? error.message : String(error)}).]`;
  }
}
