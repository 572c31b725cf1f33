/**
 * Sends `console.log`, `console.info` and `console.debug` to stderr, so a user's module
 * (or tool) that logs cannot corrupt stdout, which holds only protocol messages (`serve`
 * over stdio) or the tool result (`call`).
 */
export function routeConsoleToStderr(): void {
  const toStderr = (...args: unknown[]) => console.error(...args);
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;
}
