// Tool declarations written by `agent-tools export --format dts`: call a tool as a function.

/** Get a node by id */
declare function get_node(args: {
  /** Node id */
  id: string;
}): Promise<{
  /** Node id */
  id: string;
  /** Node type */
  type: "text" | "frame";
  /** Width in px */
  width?: number;
  /** Fill color */
  fill?: string;
  /** Shown on the canvas */
  visible?: boolean;
  /** Tags */
  tags?: string[];
  /** Bounding box */
  box?: {
    /** Left */
    x: number;
    /** Top */
    y: number;
  };
  /** Child nodes */
  children?: {
    /** Child id */
    id: string;
  }[];
}>;

/**
 * Rename a node
 *
 * Changes state. Destructive: it cannot be undone.
 */
declare function rename_node(args: {
  /** Node id */
  id: string;
  /** New name */
  name: string;
}): Promise<{
  /** Node id */
  id: string;
  /** The name now */
  name: string;
  /** Whether the name changed */
  renamed: boolean;
  /** Where the node is */
  at?: {
    x: number;
    y: number;
  };
}>;

/** Check the connection */
declare function check_connection(args: Record<string, never>): Promise<unknown>;
