/** The adapters as data: one descriptor per SDK a toolbox's tools reach (the AI SDK, MCP, the command line, Mastra). */

// The static reading and the architecture checks (adapter-layer, tool-log, step-budget, lifecycle-hooks) read this list
// instead of knowing the adapters by hand; a new adapter is a new entry here, and test/core/adapter-list.test.ts holds each
// entry to the real module.

/** What the reading and the checks know of one adapter and its SDK. */
export interface AdapterDescriptor {
  /** Short id: `analysis.adapters[].sdk` for a toolbox's own adapter to this SDK. */
  readonly sdk: string;
  /** The SDK as messages name it ("AI SDK"). */
  readonly sdkName: string;
  /**
   * The SDK's module specifiers: a name (`ai`) is that module, a name ending in `/` (`@ai-sdk/`)
   * every module under it. A tool file that imports one is in the wrong layer (adapter-layer),
   * unless `toolFilesImportIt` (Mastra's tools are written with its own `createTool`).
   */
  readonly sdkModules: readonly string[];
  readonly toolFilesImportIt?: boolean;
  /** Whether the reading looks for a toolbox's own adapter to this SDK (a function mapping each tool to an SDK tool). */
  readonly ownAdapters: boolean;
  /** Our factory and the module users import it from; absent for an SDK we ship no adapter for. */
  readonly factory?: string;
  readonly module?: string;
  /**
   * The pipeline options the factory must be given, and what an own adapter must show (see the
   * checks): `log` (tool-log), `budget` (step-budget), `hooks` (lifecycle-hooks). Absent: not asked.
   */
  readonly options: { readonly log?: string; readonly budget?: string; readonly hooks?: readonly [before: string, after: string] };
}

const LOG = 'onToolLog';
const BUDGET = 'getStepBudget';
const HOOKS = ['onBeforeExecute', 'onAfterExecute'] as const;

/** Every adapter, in the order messages list them. */
export const ADAPTER_LIST = [
  {
    sdk: 'ai',
    sdkName: 'AI SDK',
    sdkModules: ['ai', '@ai-sdk/'],
    ownAdapters: true,
    factory: 'toolsToAI',
    module: 'agent-tools/ai',
    options: { log: LOG, budget: BUDGET, hooks: HOOKS },
  },
  {
    sdk: 'mcp',
    sdkName: 'MCP SDK',
    sdkModules: ['@modelcontextprotocol/'],
    ownAdapters: true,
    factory: 'createMcpServer',
    module: 'agent-tools/mcp',
    options: { log: LOG, hooks: HOOKS },
  },
  {
    sdk: 'cli',
    sdkName: 'commander',
    sdkModules: ['commander'],
    ownAdapters: false,
    factory: 'toolsToCommands',
    module: 'agent-tools/cli',
    options: { log: LOG, hooks: HOOKS },
  },
  // a Mastra agent: a budget on the agent's steps, a log and hooks in its own adapter
  {
    sdk: 'mastra',
    sdkName: 'Mastra',
    sdkModules: ['@mastra/'],
    toolFilesImportIt: true,
    ownAdapters: true,
    options: { log: LOG, budget: BUDGET, hooks: HOOKS },
  },
] as const satisfies readonly AdapterDescriptor[];

/** One entry of {@link ADAPTER_LIST}. */
export type AdapterEntry = (typeof ADAPTER_LIST)[number];

/** Whether `specifier` is one of `modules` (see {@link AdapterDescriptor.sdkModules}). */
export function isModuleOf(modules: readonly string[], specifier: string): boolean {
  return modules.some((m) => (m.endsWith('/') ? specifier.startsWith(m) : specifier === m));
}
