// Tool declarations written by `agent-tools export --format dts`: call a tool as a function.

/**
 * Exported const
 *
 * May change state (it does not declare `mutates`). Destructive: it cannot be undone.
 */
declare function form_a(args: {
  /** Node id */
  id: string;
}): Promise<unknown>;

/**
 * Declared, then exported with export { b }
 *
 * May change state (it does not declare `mutates`). Destructive: it cannot be undone.
 */
declare function form_b(args: {
  /** CSS weight */
  weight?: 100 | 200;
}): Promise<unknown>;

/**
 * Re-exported under another name by the barrel
 *
 * May change state (it does not declare `mutates`). Destructive: it cannot be undone.
 */
declare function form_c(args: {
  /** Font family */
  family: string;
}): Promise<unknown>;

/**
 * Reached through export * from the barrel; params from a const as const
 *
 * May change state (it does not declare `mutates`). Destructive: it cannot be undone.
 */
declare function form_d(args: {
  /** Size in px */
  size?: number;
  /** Tags */
  tags?: ("serif" | "sans" | "mono")[];
}): Promise<unknown>;

/**
 * Default export
 *
 * Changes state. Destructive: it cannot be undone.
 */
declare function form_default(args: Record<string, never>): Promise<unknown>;
