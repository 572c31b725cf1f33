/** The errors of the schema layer: an invalid tool definition, a duplicate tool name, an unknown tool name. */

/**
 * Thrown by {@link defineTool} when a tool definition breaks a rule of the schema layer.
 *
 * `tool` is the tool's name (or `"<unnamed>"`), `field` the dotted path of the offending
 * field inside the definition (for example `params.weight.default`), and `problem` says
 * what is wrong with the actual value.
 */
export class ToolDefinitionError extends Error {
  override readonly name = 'ToolDefinitionError';
  constructor(
    readonly tool: string,
    readonly field: string,
    readonly problem: string,
  ) {
    super(`Tool "${tool}": ${field}: ${problem}`);
  }
}

/**
 * Thrown when two tools with the same name meet in one registry, tool set or server.
 * Tools are never silently replaced ("last one wins"): both definitions are named,
 * with their source locations when known (`file:line:col` of the `defineTool` call).
 */
export class DuplicateToolError extends Error {
  override readonly name = 'DuplicateToolError';
  constructor(
    readonly toolName: string,
    readonly first: string,
    readonly second: string,
  ) {
    super(`Duplicate tool name "${toolName}": defined by ${first} and by ${second}. Rename one of them.`);
  }
}

/**
 * Thrown when a tool name that is asked for does not exist. `suggestions` holds the
 * close matches (edit distance or shared substring), best first, possibly empty.
 */
export class UnknownToolError extends Error {
  override readonly name = 'UnknownToolError';
  constructor(
    readonly toolName: string,
    readonly suggestions: readonly string[],
  ) {
    super(
      `Unknown tool "${toolName}".` +
        (suggestions.length > 0 ? ` Did you mean: ${suggestions.join(', ')}?` : ' No tool has a similar name.'),
    );
  }
}

/**
 * Thrown by the `execute` of a defined tool that asks for approval (it is destructive, which is
 * also the default for a tool that does not say `mutates: false`; or its `needsApproval` is
 * `true`, or a function that does not answer `false` for these args) when it is called directly
 * rather than through `runTool` or an adapter: only the pipeline asks before it runs the tool's
 * code, so a direct call would run it unasked. `toolName` is the tool's name; the message says
 * how to call it in a unit test (`runTool(tool, args, { getApi, approve: () => true })`).
 */
export class ApprovalRequiredError extends Error {
  override readonly name = 'ApprovalRequiredError';
  constructor(
    readonly toolName: string,
    why: string,
  ) {
    super(
      `Tool "${toolName}" asks for approval (${why}), so its execute runs only through runTool or an adapter, which ask first. ` +
        `In a unit test: await runTool(tool, args, { getApi: () => api, approve: () => true }).`,
    );
  }
}
