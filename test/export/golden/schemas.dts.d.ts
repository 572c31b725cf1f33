// Tool declarations written by `agent-tools export --format dts`: call a tool as a function.

/** Answers pong */
declare function ping(args: Record<string, never>): Promise<unknown>;

/**
 * Sets the font
 *
 * Changes state. Destructive: it cannot be undone.
 */
declare function set_font(args: {
  /** CSS weight */
  weight?: 100 | 200 | 300 | 400 | 500 | 600 | 700 | 800 | 900;
  /** Families */
  families?: ("serif" | "sans" | "mono")[];
  /** Size */
  size?: number;
  /** Text color */
  color?: string;
  /** Italic */
  italic?: boolean;
  /** Node id */
  id: string;
}): Promise<unknown>;
