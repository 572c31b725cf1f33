/** Sends an MCP `list_changed` notification only when a list's JSON really changed and the client is connected. */

/**
 * A change listener for an MCP list (tools, prompts): re-reads `listing`, and calls `send`
 * (`sendToolListChanged`, `sendPromptListChanged`) only when the listing's JSON differs from
 * the last one sent or first read, and only while `connected()`. A listing that throws counts
 * as changed (an empty text), so the client re-lists and sees the error. Send failures are
 * ignored (the client is gone).
 */
export function listChangedNotifier(listing: () => unknown, send: () => Promise<void>, connected: () => boolean): () => void {
  const read = () => {
    try {
      return JSON.stringify(listing());
    } catch {
      return '';
    }
  };
  let last = read();
  return () => {
    const next = read();
    if (next === last) return;
    last = next;
    if (connected()) send().catch(() => undefined);
  };
}
