// Tool declarations written by `agent-tools export --format dts`: call a tool as a function.

/**
 * 设置字体粗细（100–900）。支持 emoji 👍 与「引号」
 *
 * May change state (it does not declare `mutates`). Destructive: it cannot be undone.
 */
declare function set_font_weight(args: {
  /** 字体 ID */
  id: string;
  /** CSS weight */
  weight?: 100 | 200 | 300 | 400 | 500 | 600 | 700 | 800 | 900;
}): Promise<unknown>;

/**
 * Describes a node.
 *     Returns its type, its children
 *     and "quoted" text with a tab	here.
 */
declare function describe_node(args: {
  /**
   * Pipe | and
   * newline in a cell
   */
  note?: string;
}): Promise<unknown>;
