/** Which tools an export writes, and the diagnostics that left the others out. */

import type { TierChoice } from '../core/tier.js';
import { definitionProblems } from '../core/definition-problems.js';
import type { Diagnostic, ExtractedTool } from '../analysis/types.js';
import { orList, schemaAsIsFormats } from './formats/index.js';

/**
 * How a format that rebuilds schemas judges a zod input's JSON Schema (see `FormatDescriptor.schemaProblems`):
 * what it cannot take, each at a path under `input`; empty when it takes all of it.
 */
export type SchemaJudge = (schema: Record<string, unknown>) => { path: string; problem: string }[];

/** Diagnostic codes that mean "cannot be known statically"; `--allow-partial` accepts these. */
export const PARTIAL_CODES: ReadonlySet<string> = new Set(['not-static', 'factory-call', 'not-object', 'syntax-error', 'outside-paths']);

const MISSING_PARAM_DESCRIPTION = /^params\.[^.]+\.description$/;

/**
 * The tools an export writes and the diagnostics that left others out:
 * - a tool written with another library (`form` set) is kept as its library lists it; only
 *   when `fromParams` (a format rebuilt from flat params: see `FormatDescriptor.schemaAsIs`) is
 *   it judged by the rules below, on its params view, and left out with `not-portable`
 *   (a `defineTool` with a nested zod input is judged on its JSON Schema instead, by the format's
 *   `judgeSchema`, when it has one: `not-portable` per path the format cannot take)
 *   (a param that is not flat, an enum or default that does not fit). A param
 *   without a description is not one of those: Gemini's Schema and OpenAI's strict mode take
 *   a property without `description`, so the param is written without one (validate's
 *   `param-description` reports it);
 * - a tool that breaks a definition rule (`definitionProblems`, the same rules as
 *   `defineTool`: e.g. a name with a space, dot or slash) gets an
 *   `invalid-definition` diagnostic per problem and is left out: it would throw at runtime
 *   and must never reach a provider. The name rule applies to every tool in every format,
 *   a library tool's too (`{ 'font.set': tool(...) }`, `registerTool('Notes Delete', ...)`):
 *   a bad name is `invalid-definition` whatever wrote it;
 * - every tool whose name is duplicated (a `duplicate-name` diagnostic) is left out, all of
 *   them: never first- or last-one-wins;
 * - the rest is filtered by tier and ordered core, extended, then unregistered; within a
 *   tier in registry-list order (the order the MCP server lists them), then source order.
 */
export function selectTools(
  tools: readonly ExtractedTool[],
  diagnostics: readonly Diagnostic[],
  tier: TierChoice,
  fromParams = false,
  judgeSchema?: SchemaJudge,
): { tools: ExtractedTool[]; diagnostics: Diagnostic[] } {
  const out: Diagnostic[] = [];
  const duplicated = new Set(diagnostics.filter((d) => d.code === 'duplicate-name').map((d) => d.tool));
  const valid = tools.filter((t) => {
    // a defineTool whose zod input is not flat: a format that reads its JSON Schema judges that schema, never a flat-params view
    const zodInput = Boolean(t.inputSchema) && !t.form;
    const judged = zodInput && fromParams && judgeSchema ? judgeSchema(t.inputSchema!) : undefined;
    // a library tool, or a defineTool whose zod input is not flat, is written with its own schema:
    // only its name is judged then, by the same rule (a provider rejects `font.set` whatever wrote it)
    const asIs = Boolean(t.form || t.inputSchema) && (!fromParams || judged !== undefined);
    const problems = definitionProblems({
      name: t.name,
      title: t.title,
      description: t.description || (t.form ? '-' : ''),
      mutates: t.mutates,
      destructive: t.destructive,
      idempotent: t.idempotent,
      openWorld: t.openWorld,
      params: t.params,
    }).filter((p) => (asIs ? p.field === 'name' : !(t.form && MISSING_PARAM_DESCRIPTION.test(p.field))));
    const writers = () => `the ${orList(schemaAsIsFormats()).replace(/ or /, ' and ')} formats write its schema as is`;
    for (const p of judged ?? []) {
      out.push({
        code: 'not-portable',
        message: `tool \`${t.name}\`: zod input: \`${p.path}\` ${p.problem}; the tool is left out (${writers()})`,
        file: t.file,
        line: t.line,
        column: t.column,
        tool: t.name,
        field: p.path,
      });
    }
    for (const p of problems) {
      const badName = p.field === 'name';
      const library = Boolean(t.form || t.inputSchema);
      const why = !library
        ? 'defineTool would throw, so the tool is left out'
        : badName
          ? 'MCP clients and model providers reject it, so the tool is left out'
          : `this format is built from flat params, so the tool is left out (${writers()})`;
      out.push({
        code: library && !badName ? 'not-portable' : 'invalid-definition',
        message: `tool \`${t.name}\`: \`${p.field}\` ${p.problem}; ${why}`,
        file: t.file,
        line: t.line,
        column: t.column,
        tool: t.name,
        field: p.field,
      });
    }
    return problems.length === 0 && (judged ?? []).length === 0 && !duplicated.has(t.name);
  });
  const rank = (t: ExtractedTool) => (t.tier === 'core' ? 0 : t.tier === 'extended' ? 1 : 2);
  const kept = valid.filter((t) => tier === 'all' || t.tier === tier);
  // Within a tier, registry order (what the MCP server lists), so `--format mcp` equals its tools/list byte for byte.
  const at = (t: ExtractedTool) => t.registryIndex ?? Number.MAX_SAFE_INTEGER;
  const ordered = kept
    .map((t, i) => ({ t, i }))
    .sort((a, b) => rank(a.t) - rank(b.t) || at(a.t) - at(b.t) || a.i - b.i)
    .map((x) => x.t);
  return { tools: ordered, diagnostics: out };
}
