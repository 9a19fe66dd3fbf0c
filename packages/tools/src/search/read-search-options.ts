import { InvalidToolsetOptionsError } from '../errors/invalid-toolset-options-error.js';
import type { ToolSearchOptions } from './tool-search-options.js';

const subject = 'ToolSearchToolset';

/** The options with their defaults, checked. */
export function readSearchOptions(options: ToolSearchOptions): Required<ToolSearchOptions> {
  if (typeof options !== 'object' || options === null)
    throw new InvalidToolsetOptionsError(subject, 'options', options, '{ tools, maxLoaded?, maxResults? }');
  const { tools, maxLoaded = 10, maxResults = 5, name = 'tool_search', searchToolName = 'search_tools' } = options;
  const list = Array.isArray(tools) ? tools : (tools as { tools?: unknown } | undefined)?.tools;
  if (!Array.isArray(list)) throw new InvalidToolsetOptionsError(subject, 'tools', tools, 'a ToolRegistry or a list of tools');
  for (const [option, value] of [
    ['maxLoaded', maxLoaded],
    ['maxResults', maxResults],
  ] as const)
    if (!Number.isInteger(value) || value < 1) throw new InvalidToolsetOptionsError(subject, option, value, 'a whole number of at least 1');
  for (const [option, value] of [
    ['name', name],
    ['searchToolName', searchToolName],
  ] as const)
    if (typeof value !== 'string' || !/^[a-zA-Z0-9_-]{1,64}$/.test(value))
      throw new InvalidToolsetOptionsError(subject, option, value, 'a name of 1 to 64 letters, digits, _ or -');
  checkNames(list as readonly unknown[], searchToolName);
  return { tools, maxLoaded, maxResults, name, searchToolName };
}

/** Each tool named once, none like the search tool: a found tool must be callable by its name alone. */
function checkNames(list: readonly unknown[], searchToolName: string): void {
  const expected = `tools of distinct names, none named '${searchToolName}' (the search tool's name, option searchToolName)`;
  const seen = new Set<string>();
  for (const tool of list) {
    const name = (tool as { name?: unknown } | null)?.name;
    if (typeof name !== 'string') throw new InvalidToolsetOptionsError(subject, 'tools', tool, 'a ToolRegistry or a list of tools');
    if (name === searchToolName)
      throw new InvalidToolsetOptionsError(subject, 'tools', list, expected, `a list holding a tool named '${name}'`);
    if (seen.has(name)) throw new InvalidToolsetOptionsError(subject, 'tools', list, expected, `a list holding two tools named '${name}'`);
    seen.add(name);
  }
}
