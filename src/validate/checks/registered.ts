/** The `registered` check: every tool is registered in exactly one tier. */

import type { ExtractedTool, RegistryList } from '../../analysis/types.js';
import { registryLists } from '../../analysis/registry-lists.js';
import { defineCheck } from '../define-check.js';
import { registerToolFix } from '../fix/register-tool.js';

/**
 * Every defined tool is in exactly one tier (core or extended), and every registry entry
 * resolves to a defined tool (a copy that spreads a tool and sets keys of its own, `{ ...readNote,
 * description }`, counts that tool as in the tier, and is reported as what validate does not
 * read). Skipped when the folder has no tier list at all (that is
 * `registry-core` and `registry-extended`'s finding); a tier built by code (`ALL.filter(...)`) is
 * reported once, in place of a guess that each tool is in no tier.
 */
export default defineCheck({
  id: 'registered',
  title: 'Every tool is registered in exactly one tier',
  scope: 'toolbox',
  severity: 'error',
  docs: {
    summary:
      "A tool that is defined but in no tier is dead code no model will see; a tool in both tiers is a duplicate the registry refuses. Every entry of a tier list must name a tool defined with `defineTool`, so the registry holds what `export` and `validate` see. An entry that copies a tool and sets keys of its own (`{ ...readNote, description: '...' }`) counts that tool as in the tier, and is a warning (`copy`): it runs, but the copy is served, while export and validate show the tool as its defineTool call defines it. A tier built by code (`ALL.filter((t) => ...)`, `list.map(override)`, or a spread in its list that cannot be read, `...(flag ? [getNode] : [])`) is a warning (`unreadList`): which tools it holds is known only at run time; `diff` fails on a pull request that brings in, or changes, one that may hand out changed copies of the tools (anything but selecting from a list: `.map`, a function's result, also when a `const` of the file holds it: `const core = list.map(relax)` with `createRegistry({ core })`), or a tier list with such an entry (`[readNote, relax(deleteNote)]`, a call of anything but `defineTool` or a wrapper of it), for each tool that asked for approval.",
    failing: `// @file tools/tools.ts
import { defineTool } from 'agent-tools';
export const getFont = defineTool({ name: 'get_font', description: 'Returns the font family of a text node.', mutates: false, params: {}, execute: () => ({}) });
export const setFont = defineTool({ name: 'set_font', description: 'Sets the font family of a text node.', mutates: true, params: {}, execute: () => ({}) });
// @file tools/registry.ts
import { getFont } from './tools';
export const CORE_TOOLS = [getFont];
export const EXTENDED_TOOLS = [];`,
    passing: `// @file tools/tools.ts
import { defineTool } from 'agent-tools';
export const getFont = defineTool({ name: 'get_font', description: 'Returns the font family of a text node.', mutates: false, params: {}, execute: () => ({}) });
export const setFont = defineTool({ name: 'set_font', description: 'Sets the font family of a text node.', mutates: true, params: {}, execute: () => ({}) });
// @file tools/registry.ts
import { getFont, setFont } from './tools';
export const CORE_TOOLS = [getFont];
export const EXTENDED_TOOLS = [setFont];`,
  },
  messages: {
    unregistered: 'Tool "{{name}}" is not in the core or the extended tier.',
    twoTiers: 'Tool "{{name}}" is in both the core and the extended tier.',
    unresolved: 'Registry entry `{{text}}` in {{list}} does not resolve to a tool validate could read.',
    syntaxError: 'Registry entry `{{text}}` in {{list}} names a tool in a file with a syntax error: a consequence of the error at {{at}}.',
    copy: 'Registry entry `{{text}}` in {{list}} is a copy of tool "{{name}}" that sets {{keys}} of its own, which validate and export do not read: they show "{{name}}" as its defineTool call defines it, not as it is served.',
    unreadList: '{{list}} is built by code (`{{text}}`), so which tools it holds is known only at run time and cannot be checked.',
  },
  hints: {
    unregistered: 'Add it to {{core}} or {{extended}}, or delete it.',
    twoTiers: 'Keep it in one tier.',
    unresolved:
      'Import the tool declaration itself (a defineTool call), or remove the entry; a tool that is left out is reported where it is defined.',
    syntaxError: 'Fix the syntax error; this entry then resolves.',
    copy: 'Define the variant with defineTool (its own name, description and params), or set {{keys}} in the defineTool call of "{{name}}", so what is exported is what is served.',
    unreadList:
      'Write the tier as an array literal of the tools (`[getNote, searchNotes]`), which export, validate and diff read; or turn the check off for this folder (`"checks": { "registered": "off" }`).',
  },
  // a tier built by code, or a copy of a tool, breaks nothing at run time: validate only cannot check it
  warnOnly: ['unreadList', 'copy'],
  run({ analysis, fixes, report }) {
    const { core, extended } = analysis.registries;
    if (!core && !extended) return;
    const tiersOf = new Map<ExtractedTool, Set<string>>();
    let unread = false;
    const scan = (list: RegistryList | undefined, tier: string) => {
      if (list?.unread !== undefined) {
        unread = true;
        report({
          file: list.file,
          line: list.line,
          column: list.column,
          messageId: 'unreadList',
          data: { list: list.declaredAs, text: list.unread },
        });
      }
      for (const entry of list?.entries ?? []) {
        // a spread that cannot be read (`...(flag ? [getNode] : [])`) may hold any tool, as a tier built by code does
        if (entry.kind === 'spread' && !entry.spreadOf) {
          unread = true;
          report({
            file: list!.file,
            line: entry.line,
            column: entry.column,
            messageId: 'unreadList',
            data: { list: list!.declaredAs, text: entry.text },
          });
        }
        if (entry.kind !== 'tool') continue;
        const tool = entry.tool ?? entry.copyOf?.tool;
        if (tool) tiersOf.set(tool, (tiersOf.get(tool) ?? new Set()).add(tier));
        if (entry.copyOf)
          report({
            file: list!.file,
            line: entry.line,
            column: entry.column,
            messageId: 'copy',
            data: {
              text: entry.text,
              list: list!.declaredAs,
              name: entry.copyOf.tool.name,
              keys: entry.copyOf.keys.map((k) => `\`${k}\``).join(', ') || 'nothing',
            },
          });
        else if (!entry.tool && !entry.ignored)
          report({
            file: list!.file,
            line: entry.line,
            column: entry.column,
            messageId: entry.syntaxError ? 'syntaxError' : 'unresolved',
            data: { text: entry.text, list: list!.declaredAs, ...(entry.syntaxError ? { at: entry.syntaxError } : {}) },
          });
      }
    };
    // a second registry's tiers (another createRegistry call, or tier arrays beside one) count as well
    for (const { tier, list } of registryLists(analysis.registries)) if (tier !== 'all') scan(list, tier);
    // a tier built by code may hold any tool: "not in a tier" would be a guess
    if (unread) return;
    const names = { core: core?.declaredAs ?? 'CORE_TOOLS', extended: extended?.declaredAs ?? 'EXTENDED_TOOLS' };
    for (const tool of analysis.tools) {
      const at = { file: tool.file, line: tool.line, column: tool.column };
      const tiers = tiersOf.get(tool);
      // the fix puts an unregistered tool in the extended tier: loaded on demand, it costs the core tier nothing
      const fix = !tiers && fixes ? registerToolFix(analysis, tool, extended) : undefined;
      if (!tiers) report({ ...at, messageId: 'unregistered', data: { name: tool.name, ...names }, ...(fix ? { fix } : {}) });
      else if (tiers.size > 1) report({ ...at, messageId: 'twoTiers', data: { name: tool.name } });
    }
  },
});
