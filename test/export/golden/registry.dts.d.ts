// Tool declarations written by `agent-tools export --format dts`: call a tool as a function.

/** Core tool */
declare function select(args: Record<string, never>): Promise<unknown>;

/** Extended tool */
declare function zoom(args: Record<string, never>): Promise<unknown>;

/** In no tier */
declare function unlisted(args: Record<string, never>): Promise<unknown>;
