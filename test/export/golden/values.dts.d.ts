// Tool declarations written by `agent-tools export --format dts`: call a tool as a function.

/**
 * Sets font size
 *
 * Sets the size of a font in px.
 *
 * Changes state.
 */
declare function set_font_size(args: {
  /** Node id */
  id: string;
  /** Size (6-144) */
  size?: number;
  /** Baseline offset */
  offset?: number;
  /** Weight */
  weight?: 100 | 200 | 300 | 400 | 500;
  /** Style */
  style?: "normal" | "italic";
}): Promise<unknown>;
