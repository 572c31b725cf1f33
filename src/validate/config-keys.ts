/** The top-level keys of the project configuration, light enough for every command that reads one key of it. */

/**
 * Every top-level key of `agent-tools.config.json` (or package.json's `agentTools`), as the
 * configuration schema of src/validate/config.ts has them (a type test keeps the two equal).
 * `serve`, `call`, `skill run` and the console read only `approval` (and serve `serve`), but
 * refuse a key not in this list: `"aproval"` would otherwise leave every approval rule unread.
 */
export const CONFIG_KEYS = [
  '$schema',
  'profile',
  'checks',
  'limits',
  'callees',
  'ignore',
  'maxWarnings',
  'paths',
  'approval',
  'serve',
] as const;

/** A top-level key of the project configuration. */
export type ConfigKey = (typeof CONFIG_KEYS)[number];
