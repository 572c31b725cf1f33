import { createStepBudget, type AnyToolDef, type StepBudget, type ToolLogEntry } from 'agent-tools';
import { stepBudgetStopWhen, toolsToAI } from 'agent-tools/ai';
import type { StopCondition, ToolSet } from 'ai';
import { getApi } from './api.js';
import { registry } from './registry.js';

/** Options of {@link createCanvasAgentTools}. */
export interface CanvasAgentOptions {
  /** Tool calls the agent may make in one session (default 20). */
  maxSteps?: number;
  /** `core` (16 tools, the default) or `all` (32). */
  tier?: 'core' | 'all';
  /** Called with each log entry as the call finishes (for printing). */
  onCall?: (entry: ToolLogEntry, index: number) => void;
  /** Called before a tool whose arguments were valid runs. */
  onStart?: (tool: AnyToolDef, args: Record<string, unknown>) => void;
}

/** The AI SDK side of the canvas toolbox: the tool set, its step budget, the call log and a stop condition. */
export interface CanvasAgentTools {
  tools: ToolSet;
  budget: StepBudget;
  log: ToolLogEntry[];
  /** For `generateText({ stopWhen })`: stops the loop when the budget is spent. */
  stopWhen: StopCondition<ToolSet>;
  /** Ids of nodes changed by mutating tools, in order (from `onAffected`). */
  affected: (string | number)[];
  /** Names of the mutating tools that ran without error, in order (from `onAfterExecute`). */
  mutations: string[];
}

/**
 * Wires the canvas registry into an AI SDK tool set the way an application would: the domain
 * API through `getApi`, a step budget, a log of every call (`onToolLog`) and the two lifecycle
 * hooks. Pass `tools` and `stopWhen` to `generateText` or `streamText`.
 */
export function createCanvasAgentTools(options: CanvasAgentOptions = {}): CanvasAgentTools {
  const budget = createStepBudget(options.maxSteps ?? 20);
  const log: ToolLogEntry[] = [];
  const affected: (string | number)[] = [];
  const mutations: string[] = [];
  const failed = (result: unknown) => typeof result === 'object' && result !== null && 'error' in result;
  const tools = toolsToAI(registry, {
    tier: options.tier ?? 'core',
    getApi,
    getStepBudget: () => budget,
    onBeforeExecute: (def, args) => options.onStart?.(def, args),
    onAfterExecute: (def, _args, result) => void (def.mutates && !failed(result) && mutations.push(def.name)),
    onAffected: (ids) => affected.push(...ids),
    onToolLog: (entry) => {
      log.push(entry);
      options.onCall?.(entry, log.length);
    },
  });
  return { tools, budget, log, stopWhen: stepBudgetStopWhen(budget), affected, mutations };
}
