/** Tests that the step budget counts tool calls, also parallel ones, in the AI SDK loop and the MCP server. */

import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { generateText, stepCountIs } from 'ai';
import { describe, expect, it } from 'vitest';
import { stepBudgetStopWhen, toolsToAI } from '../../src/adapters/ai.js';
import { createMcpServer } from '../../src/adapters/mcp.js';
import { defineTool } from '../../src/core/tool.js';
import { budgetSpentMessage, createStepBudget } from '../../src/runtime/step-budget.js';
import { buildDebugLog, type ToolLogEntry } from '../../src/runtime/tool-log.js';
import { scriptedModel, toolOutputsSeenByModel } from '../adapters/mock-model.js';

// The budget counts tool calls (its documented unit), also when they come in parallel:
// the log shows which call found the budget spent, and buildDebugLog reports the repeats.
function counted() {
  const counter = { executions: 0 };
  const listNodes = defineTool({
    name: 'list_nodes',
    mutates: false,
    description: 'Lists the nodes.',
    params: {},
    execute: () => (counter.executions++, ['n1', 'n2']),
  });
  return { counter, listNodes };
}
const call = { toolName: 'list_nodes', input: '{}' };

describe('C-10: step budget with parallel calls', () => {
  it('4 parallel calls against a budget of 3: 3 executions, the log shows the 4th refused, the repeat is reported', async () => {
    const { counter, listNodes } = counted();
    const budget = createStepBudget(3);
    const log: ToolLogEntry[] = [];
    const model = scriptedModel([[call, call, call, call]]);
    const result = await generateText({
      model,
      tools: toolsToAI([listNodes], { getStepBudget: () => budget, onToolLog: (e) => void log.push(e) }),
      prompt: 'go',
      stopWhen: [stepCountIs(5), stepBudgetStopWhen(budget)],
    });
    expect(result.steps).toHaveLength(1);
    expect(counter.executions).toBe(3);
    expect(log).toHaveLength(4);
    expect(log.filter((e) => e.error === undefined)).toHaveLength(3);
    expect(log.filter((e) => e.error === budgetSpentMessage(budget))).toHaveLength(1);
    const errors = result.steps[0]!.content.flatMap((p) =>
      p.type === 'tool-error' ? [p.error instanceof Error ? p.error.message : String(p.error)] : [],
    );
    expect(errors).toEqual([budgetSpentMessage(budget)]);
    // the model made the identical call 4 times, the refused one included
    expect(buildDebugLog(log).duplicates).toEqual([{ tool: 'list_nodes', args: {}, count: 4 }]);
  });

  it('2 parallel calls per step with only stepCountIs configured: still 3 executions, then every call refused', async () => {
    const { counter, listNodes } = counted();
    const budget = createStepBudget(3);
    const log: ToolLogEntry[] = [];
    const model = scriptedModel(() => [call, call]);
    const result = await generateText({
      model,
      tools: toolsToAI([listNodes], { getStepBudget: () => budget, onToolLog: (e) => void log.push(e) }),
      prompt: 'go',
      stopWhen: stepCountIs(4),
    });
    expect(result.steps).toHaveLength(4);
    expect(counter.executions).toBe(3);
    // parallel calls are logged as they finish, so count the outcomes rather than order them
    const outcomes = log.map((e) => (e.error === undefined ? 'ran' : e.error === budgetSpentMessage(budget) ? 'spent' : e.error)).sort();
    expect(outcomes).toEqual(['ran', 'ran', 'ran', 'spent', 'spent', 'spent', 'spent', 'spent']);
    expect(toolOutputsSeenByModel(model).at(-1)).toEqual({ toolName: 'list_nodes', type: 'error-text', value: budgetSpentMessage(budget) });
  });

  it('the MCP server: 4 concurrent tools/call against a budget of 3 run 3 times; the 4th is an isError result', async () => {
    const { counter, listNodes } = counted();
    const budget = createStepBudget(3);
    const server = createMcpServer([listNodes], { name: 'c10', version: '1.0.0', getStepBudget: () => budget });
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'c10', version: '1.0.0' });
    await server.connect(serverTransport);
    await client.connect(clientTransport);
    try {
      const results = await Promise.all(Array.from({ length: 4 }, () => client.callTool({ name: 'list_nodes', arguments: {} })));
      expect(counter.executions).toBe(3);
      expect(results.filter((r) => r.isError === true)).toEqual([
        { content: [{ type: 'text', text: budgetSpentMessage(budget) }], isError: true },
      ]);
    } finally {
      await client.close();
      await server.close();
    }
  });
});
