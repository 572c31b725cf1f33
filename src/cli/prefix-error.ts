/** Prefixes commander's usage errors with `agent-tools:`, like every other message. */

/**
 * Writes a commander usage error (`error: unknown option '--x'`) with the prefix every other
 * message of ours has (`agent-tools: unknown option '--x'`), as node_modules/agent-tools/docs/troubleshooting.md promises.
 */
export function prefixError(text: string, write: (text: string) => void): void {
  write(text.replace(/^error: /, 'agent-tools: '));
}
