/**
 * Tells the clients of a toolcraft MCP server that a resource changed: pass it as the server's
 * `resourceUpdates` option (the server then offers `resources.subscribe`), and call
 * `updates.updated(uri)` when a resource's content changes; every connection whose client subscribed
 * to that URI (`resources/subscribe`) gets `notifications/resources/updated`.
 * @example
 * const updates = new McpResourceUpdates();
 * const handler = createMcpHttpHandler([new Notes()], { name: 'notes', version: '1.0.0', resourceUpdates: updates, sessions });
 * notes.onChange((id) => updates.updated(`notes://${id}`));
 */
export class McpResourceUpdates {
  private readonly listeners = new Set<(uri: string) => void>();

  /**
   * Tells every client subscribed to `uri` that it changed.
   * @param uri - the resource's URI (as clients read it)
   */
  updated(uri: string): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(uri);
      } catch {
        // A connection that cannot be told is not the caller's problem.
      }
    }
  }

  /**
   * @param listener - told of each update
   * @returns a function that stops telling it
   * @internal
   */
  listen(listener: (uri: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
