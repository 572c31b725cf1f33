import { pathToFileURL } from 'node:url';
import { buildDebugLog, type DebugLog, type ToolLogEntry } from 'agent-tools';
import { generateText } from 'ai';
import { createCanvasAgentTools } from './ai.js';
import { useCanvas } from './api.js';
import { createCanvas } from './canvas/document.js';
import { scriptedModel, type ScriptTurn } from './scripted-model.js';

/** What the scripted session does: build a pricing card, with one rejected argument and one repeated call. */
export const DEMO_SCRIPT: ScriptTurn[] = [
  { calls: [{ tool: 'get_selection', args: {} }] },
  {
    calls: [
      { tool: 'create_frame', args: { name: 'Pricing card', x: 40, y: 40, width: 320, height: 200, fill: '#F8FAFC', cornerRadius: 12 } },
    ],
  },
  {
    calls: [
      { tool: 'create_text', args: { content: 'Pro plan', name: 'Title', parentId: 'n1', x: 24, y: 24, fontSize: '24', fontWeight: 700 } },
    ],
  },
  // The mistake: "blue" is not a hex color, so parseArgs rejects it and the model reads why.
  { calls: [{ tool: 'create_shape', args: { type: 'rectangle', parentId: 'n1', x: 24, y: 136, width: 120, height: 40, fill: 'blue' } }] },
  {
    calls: [
      {
        tool: 'create_shape',
        args: {
          type: 'rectangle',
          name: 'Button',
          parentId: 'n1',
          x: 24,
          y: 136,
          width: 120,
          height: 40,
          fill: '#2563EB',
          cornerRadius: 8,
        },
      },
    ],
  },
  {
    calls: [
      {
        tool: 'create_text',
        args: { content: 'Buy now', name: 'Button label', parentId: 'n1', x: 44, y: 144, color: '#FFFFFF', fontWeight: 600 },
      },
    ],
  },
  // Painting the button the color it already has: a mutation that changes nothing.
  { calls: [{ tool: 'set_fill', args: { id: 'n3', color: '#2563EB' } }] },
  { calls: [{ tool: 'find_nodes', args: { type: 'text', within: 'n1' } }] },
  // The same call again: buildDebugLog reports it as a duplicate.
  { calls: [{ tool: 'find_nodes', args: { within: 'n1', type: 'text' } }] },
  { calls: [{ tool: 'set_selection', args: { ids: ['n1'] } }] },
];

const short = (v: unknown, max = 110) => {
  const s = JSON.stringify(v) ?? 'null';
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
};

/** Prints one log entry as the demo shows it, with who approved or denied it when the call needed approval. */
export function formatCall(e: ToolLogEntry, i: number): string {
  const asked = e.approval === 'approved' || e.approval === 'denied' ? `\n     approval: ${e.approval} by ${e.approvalBy}` : '';
  const head = `#${String(i).padStart(2)} ${e.tool} ${short(e.args, 90)}${asked}`;
  if (e.error !== undefined) return `${head}\n     ✗ ${e.error.replace(/\n/g, '\n       ')}`;
  const warning = (e.result as { _warning?: string } | null)?._warning;
  return `${head}\n     → ${short(e.result)}${warning ? `\n     ⚠ ${warning}` : ''}`;
}

/** Summary lines of {@link buildDebugLog} for the demo. */
export function formatDebugLog(d: DebugLog): string[] {
  const errors = Object.values(d.byTool).reduce((n, t) => n + t.errors, 0);
  return [
    `calls: ${d.entries.length}, errors: ${errors}, result bytes: ${d.totalResultBytes}`,
    `duplicates: ${d.duplicates.map((x) => `${x.tool} ${short(x.args, 60)} x${x.count}`).join('; ') || 'none'}`,
    `no-op mutations: ${d.noopMutations.map((e) => `${e.tool} (unchanged: ${e.unchangedProps?.join(', ') || 'everything'})`).join('; ') || 'none'}`,
    `by tool: ${Object.entries(d.byTool)
      .map(([name, t]) => `${name} ${t.calls}${t.errors ? ` (${t.errors} error)` : ''}`)
      .join(', ')}`,
  ];
}

/**
 * Runs the scripted agent session on an empty canvas with the AI SDK's `generateText` and a
 * mock model (no network, no key) through the canvas AI tool set, with a step budget of 12
 * tool calls. The model wraps up when a result carries the budget warning. Prints each call,
 * then the debug log summary; returns the log summary and the final answer.
 */
export async function runDemo(print: (line: string) => void = console.log): Promise<{ debug: DebugLog; text: string; steps: number }> {
  useCanvas(createCanvas());
  const agent = createCanvasAgentTools({ maxSteps: 12, tier: 'all', onCall: (e, i) => print(formatCall(e, i)) });
  const warned = () => {
    const last = agent.log.at(-1)?.result as { _warning?: string } | null | undefined;
    return last?._warning ? `Wrapping up (${last._warning}): the pricing card "n1" has a title, a button and its label.` : undefined;
  };
  print('user: Build a small pricing card with a title and a blue "Buy now" button.');
  const result = await generateText({
    model: scriptedModel(DEMO_SCRIPT, warned),
    tools: agent.tools,
    stopWhen: agent.stopWhen,
    prompt: 'Build a small pricing card with a title and a blue "Buy now" button.',
  });
  print(`assistant: ${result.text}`);
  const debug = buildDebugLog(agent.log);
  print('\nbuildDebugLog:');
  for (const line of formatDebugLog(debug)) print(`  ${line}`);
  print(
    `budget: ${agent.budget.current} of ${agent.budget.max} tool calls used; changed nodes: ${[...new Set(agent.affected)].join(', ')}`,
  );
  return { debug, text: result.text, steps: result.steps.length };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runDemo();
