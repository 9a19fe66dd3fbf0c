/**
 * The text of a remote tool's `isError` result as the message of an `McpToolError`: the server's
 * text without the lead-in the client's environment adds back when it tells the model (`Error: tool
 * 'x' failed: `). A toolcraft server (and many others) already starts its error text with `Error:`
 * and, for a tool that threw, `tool '<name>' failed:` (or `failed with`, or `failed.`), so without
 * this the model would read `Error: tool 'x' failed: Error: tool 'x' failed: quota exceeded`.
 * @param text - the result's text
 * @param remoteName - the tool's name on the server
 * @returns the text without that lead-in (the whole text when nothing else would be left)
 */
export function remoteErrorText(text: string, remoteName: string): string {
  let rest = text.replace(/^\s*error:\s*/i, '');
  const failed = `tool '${remoteName}' failed`;
  if (rest.slice(0, failed.length).toLowerCase() === failed.toLowerCase())
    rest = rest.slice(failed.length).replace(/^(?::|\.|\s+with)\s*/, '');
  return rest.trim().length === 0 ? text : rest;
}
