/** Tests of `diff` on a git repository, one commit per rule, and the whole history as its net changes. */

import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDiff } from '../../src/diff/run.js';
import type { DiffChange } from '../../src/diff/types.js';
import { TempRepo } from './git-repo.js';

/**
 * `diff --base HEAD` on a git repository built here: each step edits the working tree, runs the
 * diff against the last commit, expects exactly the listed changes, then commits (one commit per
 * rule reachable from source files, and both sides of each borderline case). The rules that
 * source files cannot reach today (output schemas, `_meta`, a param required with a default)
 * are run on tools/list entries in compare.test.ts and through .json files in cli.test.ts.
 */

const SET_FONT = `import { defineTool } from 'agent-tools';

/** Sets the font of a text node. */
export const setFont = defineTool({
  name: 'set_font',
  title: 'Set font',
  description: 'Set the font family and weight of a text node',
  mutates: true,
  destructive: false,
  params: {
    id: { type: 'string', required: true, description: 'Node id' },
    family: { type: 'string', description: 'Font family' },
    weight: { type: 'number', min: 100, max: 900, default: 400, description: 'CSS weight' },
    style: { type: 'string', enum: ['normal', 'italic', 'oblique'], description: 'Font style' },
    size: { type: 'number', integer: true, description: 'Font size in px' },
  },
  execute: () => 'ok',
});
`;

const GET_NODE = `import { defineTool } from 'agent-tools';

/** Reads a node. */
export const getNode = defineTool({
  name: 'get_node',
  description: 'Return a node of the canvas by its id',
  mutates: false,
  params: { id: { type: 'string', required: true, description: 'Node id' } },
  execute: () => ({ id: 'n1' }),
});
`;

const SERVER = `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

/** Registers the layout tools. */
export function registerLayout(server: McpServer): void {
  server.registerTool(
    'move_node',
    {
      description: 'Move a node by an offset in px',
      inputSchema: {
        id: z.string().describe('Node id'),
        dx: z.number().optional().describe('Horizontal offset in px'),
        unit: z.union([z.number(), z.string().min(1)]).optional().describe('Offset unit'),
      },
      annotations: { readOnlyHint: false, destructiveHint: false },
    },
    async () => ({ content: [{ type: 'text', text: 'moved' }] }),
  );
}
`;

const LIST_FONTS = `import { defineTool } from 'agent-tools';

/** Lists fonts. */
export const listFonts = defineTool({
  name: 'list_fonts',
  description: 'List the font families available on the canvas',
  mutates: false,
  params: {},
  execute: () => ['Inter'],
});
`;

type Expected = Omit<DiffChange, 'file' | 'line' | 'column'>;
interface Step {
  name: string;
  edit: (repo: TempRepo) => void;
  changes: Expected[];
}

const FONT = 'tools/set-font.ts';
const font = (param: string | undefined, rule: string, cls: DiffChange['class'], message: string): Expected => ({
  tool: 'set_font',
  ...(param ? { param } : {}),
  rule,
  class: cls,
  message,
});

const STEPS: Step[] = [
  {
    name: 'tool-added',
    edit: (r) => r.write('tools/list-fonts.ts', LIST_FONTS),
    changes: [{ tool: 'list_fonts', rule: 'tool-added', class: 'minor', message: 'tool `list_fonts` added' }],
  },
  {
    name: 'tool-description-changed',
    edit: (r) => r.edit('tools/list-fonts.ts', 'available on', 'installed on'),
    changes: [{ tool: 'list_fonts', rule: 'tool-description-changed', class: 'patch', message: 'description of `list_fonts` changed' }],
  },
  {
    name: 'tool-title-changed',
    edit: (r) => r.edit(FONT, "title: 'Set font'", "title: 'Set text font'"),
    changes: [font(undefined, 'tool-title-changed', 'patch', 'title of `set_font` changed from "Set font" to "Set text font"')],
  },
  {
    name: 'tool-renamed (same description)',
    edit: (r) => r.edit('tools/list-fonts.ts', "name: 'list_fonts'", "name: 'available_fonts'"),
    changes: [
      { tool: 'available_fonts', rule: 'tool-renamed', class: 'breaking', message: 'tool `list_fonts` renamed to `available_fonts`' },
    ],
  },
  {
    name: 'tool-removed + tool-added (new name and new description: not read as a rename)',
    edit: (r) => {
      r.edit('tools/list-fonts.ts', "name: 'available_fonts'", "name: 'font_list'");
      r.edit('tools/list-fonts.ts', 'List the font families installed', 'Every font family installed');
    },
    changes: [
      { tool: 'font_list', rule: 'tool-added', class: 'minor', message: 'tool `font_list` added' },
      { tool: 'available_fonts', rule: 'tool-removed', class: 'breaking', message: 'tool `available_fonts` removed' },
    ],
  },
  {
    name: 'tool-removed',
    edit: (r) => r.remove('tools/list-fonts.ts'),
    changes: [{ tool: 'font_list', rule: 'tool-removed', class: 'breaking', message: 'tool `font_list` removed' }],
  },
  {
    name: 'optional-param-added (no default)',
    edit: (r) => r.edit(FONT, '  },\n  execute', "    color: { type: 'string', description: 'Text color' },\n  },\n  execute"),
    changes: [font('color', 'optional-param-added', 'minor', 'optional param `color` added')],
  },
  {
    name: 'constraint-added (a string became a color: a pattern)',
    edit: (r) => r.edit(FONT, "color: { type: 'string'", "color: { type: 'color'"),
    changes: [
      font('color', 'constraint-added', 'breaking', 'param `color`: pattern "^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$" added'),
    ],
  },
  {
    name: 'constraint-removed',
    edit: (r) => r.edit(FONT, "color: { type: 'color'", "color: { type: 'string'"),
    changes: [
      font(
        'color',
        'constraint-removed',
        'minor',
        'param `color`: pattern "^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$" removed',
      ),
    ],
  },
  {
    name: 'param-description-changed',
    edit: (r) => r.edit(FONT, "description: 'Font family'", "description: 'CSS font family, e.g. Inter'"),
    changes: [font('family', 'param-description-changed', 'patch', 'description of param `family` changed')],
  },
  {
    name: 'param-renamed (same schema)',
    edit: (r) => r.edit(FONT, 'color: {', 'textColor: {'),
    changes: [font('textColor', 'param-renamed', 'breaking', 'param `color` renamed to `textColor`')],
  },
  {
    name: 'param-removed',
    edit: (r) => r.edit(FONT, "    textColor: { type: 'string', description: 'Text color' },\n", ''),
    changes: [font('textColor', 'param-removed', 'breaking', 'param `textColor` removed')],
  },
  {
    name: 'required-param-added (no default: breaking)',
    edit: (r) =>
      r.edit(FONT, '  },\n  execute', "    lineHeight: { type: 'number', required: true, description: 'Line height' },\n  },\n  execute"),
    changes: [font('lineHeight', 'required-param-added', 'breaking', 'required param `lineHeight` added')],
  },
  {
    name: 'optional-param-added (with a default: minor)',
    edit: (r) =>
      r.edit(FONT, '  },\n  execute', "    tracking: { type: 'number', default: 0, description: 'Letter spacing' },\n  },\n  execute"),
    changes: [font('tracking', 'optional-param-added', 'minor', 'optional param `tracking` added')],
  },
  {
    name: 'param-optional',
    edit: (r) => r.edit(FONT, "lineHeight: { type: 'number', required: true,", "lineHeight: { type: 'number',"),
    changes: [font('lineHeight', 'param-optional', 'minor', 'param `lineHeight` is no longer required')],
  },
  {
    name: 'param-required (it had no default)',
    edit: (r) => r.edit(FONT, "family: { type: 'string',", "family: { type: 'string', required: true,"),
    changes: [font('family', 'param-required', 'breaking', 'param `family` is now required')],
  },
  {
    name: 'param-required (its default removed with it: one change)',
    edit: (r) => r.edit(FONT, 'max: 900, default: 400,', 'max: 900, required: true,'),
    changes: [font('weight', 'param-required', 'breaking', 'param `weight` is now required')],
  },
  {
    name: 'type-widened (integer to number)',
    edit: (r) => r.edit(FONT, "size: { type: 'number', integer: true,", "size: { type: 'number',"),
    changes: [font('size', 'type-widened', 'minor', 'param `size`: type integer → number')],
  },
  {
    name: 'type-changed (number to string)',
    edit: (r) => r.edit(FONT, "size: { type: 'number',", "size: { type: 'string',"),
    changes: [font('size', 'type-changed', 'breaking', 'param `size`: type number → string')],
  },
  {
    name: 'enum-value-added',
    edit: (r) => r.edit(FONT, "'oblique']", "'oblique', 'small-caps']"),
    changes: [font('style', 'enum-value-added', 'minor', 'param `style`: enum value "small-caps" added')],
  },
  {
    name: 'enum-value-removed',
    edit: (r) => r.edit(FONT, "'italic', 'oblique',", "'italic',"),
    changes: [font('style', 'enum-value-removed', 'breaking', 'param `style`: enum value "oblique" removed')],
  },
  {
    name: 'bounds-widened (max raised)',
    edit: (r) => r.edit(FONT, 'max: 900', 'max: 1000'),
    changes: [font('weight', 'bounds-widened', 'minor', 'param `weight`: maximum 900 → 1000')],
  },
  {
    name: 'bounds-narrowed (min raised)',
    edit: (r) => r.edit(FONT, 'min: 100', 'min: 200'),
    changes: [font('weight', 'bounds-narrowed', 'breaking', 'param `weight`: minimum 100 → 200')],
  },
  {
    name: 'default-added',
    edit: (r) => r.edit(FONT, "description: 'Font style'", "default: 'normal', description: 'Font style'"),
    changes: [font('style', 'default-added', 'minor', 'param `style`: default "normal" added')],
  },
  {
    name: 'default-changed',
    edit: (r) => r.edit(FONT, "default: 'normal'", "default: 'italic'"),
    changes: [font('style', 'default-changed', 'breaking', 'param `style`: default "normal" → "italic"')],
  },
  {
    name: 'became-destructive (destructive: false → true)',
    edit: (r) => r.edit(FONT, 'destructive: false,', 'destructive: true,'),
    changes: [font(undefined, 'became-destructive', 'breaking', '`set_font` is now destructive (destructiveHint false → true)')],
  },
  {
    name: 'hints-relaxed (declared idempotent)',
    edit: (r) => r.edit(FONT, 'destructive: true,', 'destructive: true,\n  idempotent: true,'),
    changes: [font(undefined, 'hints-relaxed', 'minor', 'hints of `set_font` relaxed: idempotentHint false → true')],
  },
  {
    name: 'hints-stricter (declared open world)',
    edit: (r) => r.edit(FONT, 'idempotent: true,', 'idempotent: true,\n  openWorld: true,'),
    changes: [font(undefined, 'hints-stricter', 'patch', 'hints of `set_font` stricter: openWorldHint false → true')],
  },
  {
    name: 'became-mutating',
    edit: (r) => r.edit('tools/get-node.ts', 'mutates: false,', 'mutates: true,\n  destructive: false,'),
    changes: [
      {
        tool: 'get_node',
        rule: 'became-mutating',
        class: 'breaking',
        message: '`get_node` is no longer read-only (readOnlyHint true → false; now destructiveHint false, idempotentHint false)',
      },
    ],
  },
  {
    name: 'became-destructive (MCP SDK: destructiveHint left out, so the spec default true)',
    edit: (r) => r.edit('tools/server.ts', 'readOnlyHint: false, destructiveHint: false', 'readOnlyHint: false'),
    changes: [
      {
        tool: 'move_node',
        rule: 'became-destructive',
        class: 'breaking',
        message: '`move_node` is now destructive (destructiveHint false → true)',
      },
    ],
  },
  {
    name: 'type-widened (zod .nullable(): null added)',
    edit: (r) => r.edit('tools/server.ts', 'z.number().optional()', 'z.number().nullable().optional()'),
    changes: [{ tool: 'move_node', param: 'dx', rule: 'type-widened', class: 'minor', message: 'param `dx`: type number → null | number' }],
  },
  {
    name: 'schema-changed (a branch of a union)',
    edit: (r) => r.edit('tools/server.ts', 'z.string().min(1)', 'z.string().min(2)'),
    changes: [
      {
        tool: 'move_node',
        param: 'unit',
        rule: 'schema-changed',
        class: 'breaking',
        message:
          'param `unit`: `anyOf` changed from [{"type":"number"},{"type":"string","minLength":1}] to [{"type":"number"},{"type":"string","minLength":2}]',
      },
    ],
  },
];

const WHERE: Record<string, [string, string]> = {
  set_font: [FONT, 'defineTool({'],
  get_node: ['tools/get-node.ts', 'defineTool({'],
  list_fonts: ['tools/list-fonts.ts', 'defineTool({'],
  available_fonts: ['tools/list-fonts.ts', 'defineTool({'],
  font_list: ['tools/list-fonts.ts', 'defineTool({'],
  move_node: ['tools/server.ts', 'server.registerTool('],
};

describe('agent-tools diff on a git repository, one commit per rule', { timeout: 300_000 }, () => {
  let repo: TempRepo;
  const temp = mkdtempSync(join(tmpdir(), 'agent-tools-diff-tmp-'));
  const savedTmp = process.env.TMPDIR;
  beforeAll(() => {
    repo = new TempRepo({ [FONT]: SET_FONT, 'tools/get-node.ts': GET_NODE, 'tools/server.ts': SERVER });
    // the base is written under TMPDIR: a folder of its own shows that it is removed after each run
    process.env.TMPDIR = temp;
  });
  afterAll(() => {
    process.env.TMPDIR = savedTmp;
    repo.dispose();
    rmSync(temp, { recursive: true, force: true });
  });

  it('an unchanged working tree has no changes; each side reports its progress', async () => {
    const seen: string[] = [];
    const run = await runDiff([], {
      base: 'HEAD',
      cwd: repo.dir,
      onProgress: (side, done, total) => seen.push(`${side} ${done}/${total}`),
    });
    expect(seen).toEqual([
      'the working tree 1/3',
      'the working tree 2/3',
      'the working tree 3/3',
      'the base HEAD 1/3',
      'the base HEAD 2/3',
      'the base HEAD 3/3',
    ]);
    expect(run.result).toEqual({ changes: [], bump: 'none' });
    expect(run.base).toEqual({ label: 'HEAD', tools: 3 });
    expect(run.head).toEqual({ label: 'the working tree', tools: 3 });
  });

  for (const step of STEPS)
    it(step.name, async () => {
      step.edit(repo);
      const head = repo.git('rev-parse', 'HEAD');
      const status = repo.git('status', '--porcelain');
      const { result } = await runDiff(['tools'], { base: 'HEAD', cwd: repo.dir });
      const located = step.changes.map((c) => {
        const [file, needle] = WHERE[c.tool]!;
        return c.rule === 'tool-removed' ? c : { ...c, ...repo.at(file, needle) };
      });
      expect(result.changes).toEqual(located);
      const classes = new Set(step.changes.map((c) => c.class));
      expect(result.bump).toBe(classes.has('breaking') ? 'major' : classes.has('minor') ? 'minor' : 'patch');
      // the base was read, never checked out: HEAD, the index and the working tree are as they were; no temp folder is left
      expect(repo.git('rev-parse', 'HEAD')).toBe(head);
      expect(repo.git('status', '--porcelain')).toBe(status);
      expect(readdirSync(temp)).toEqual([]);
      repo.commit(step.name);
    });

  it('left one commit per step, and the whole history diffs as its net changes', async () => {
    expect(repo.git('rev-list', '--count', 'HEAD').trim()).toBe(String(STEPS.length + 1));
    const { result } = await runDiff(['tools'], { base: 'main~' + STEPS.length, cwd: repo.dir });
    expect(result.bump).toBe('major');
    // the net effect of the history: each tool's changes breaking first; a param added and renamed and removed is gone
    expect(result.changes.map((c) => [c.tool, c.param ?? '', c.rule])).toEqual([
      ['get_node', '', 'became-mutating'],
      ['move_node', '', 'became-destructive'],
      ['move_node', 'unit', 'schema-changed'],
      ['move_node', 'dx', 'type-widened'],
      ['set_font', '', 'became-destructive'],
      ['set_font', 'family', 'param-required'],
      ['set_font', 'weight', 'param-required'],
      ['set_font', 'weight', 'bounds-narrowed'],
      ['set_font', 'style', 'enum-value-removed'],
      ['set_font', 'size', 'type-changed'],
      ['set_font', '', 'hints-relaxed'],
      ['set_font', 'weight', 'bounds-widened'],
      ['set_font', 'style', 'enum-value-added'],
      ['set_font', 'style', 'default-added'],
      ['set_font', 'lineHeight', 'optional-param-added'],
      ['set_font', 'tracking', 'optional-param-added'],
      ['set_font', '', 'tool-title-changed'],
      ['set_font', '', 'hints-stricter'],
      ['set_font', 'family', 'param-description-changed'],
    ]);
  });
});
