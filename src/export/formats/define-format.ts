/** `defineFormat`: the descriptor of one export format (name, summary, options, render); ./index.ts lists them once. */
import type { ExportTool, FormatContext, FormatResult } from './types.js';

/**
 * An option of a format: a flag (`--strict`), or with `value` a flag that takes one (`--defer <tier>`).
 * The CLI names it in kebab case (`toolSearch` is `--tool-search`); the toolkit takes it by its key.
 */
export interface FormatOptionSpec {
  /** What it does, for `--help` after the names of the formats that take it: `strict mode (every property required, ...)`. */
  description: string;
  /** The option takes a value: its placeholder in `--help` and, when set, the values allowed. */
  value?: { name: string; choices?: readonly string[] };
}

/** A format's options, by key (camelCase). */
export type FormatOptionSpecs = Record<string, FormatOptionSpec>;

/** The values of options `O` as a format receives them: `true` for a flag given, the string for a valued option; absent when not given. */
export type FormatOptionValues<O extends FormatOptionSpecs> = { [K in keyof O]?: O[K] extends { value: object } ? string : boolean };

/**
 * One export format, as `agent-tools export --format <name>` and `exportTools({ format })` use it.
 *
 * - `name`: the `--format` value; equals the file name under src/export/formats/ and the golden files' middle part.
 * - `summary`: one line for `--help` and node_modules/agent-tools/docs/export.md (what the output is, for which consumer).
 * - `extension`: of a file holding the output (`json` output is also parsed into `ExportResult.value`).
 * - `options`: the format's own flags; giving one to another format is a usage error naming the formats that take it.
 * - `schemaAsIs`: whether, with these options, it writes a tool's input schema as its library sends it (a tool
 *   written with the MCP SDK, the AI SDK or Mastra, a `defineTool` with a nested zod input, `--import`); when false
 *   the output is built from flat params and such tools are left out with a diagnostic.
 * - `render`: pure; the tools in output order (and what the run knows, `context`) to the full text (ending in a
 *   newline) and the changes it made.
 * - `recognise`: whether a file's text is this format's output (its top-level shape and the keys only this
 *   format puts together; an empty list counts), so `export --out` replaces it without `--force`, in any
 *   format. A user's own file (notes, a config, JSON of another shape) must never be recognised.
 * - `toolNames`: the tool names a text this format recognises holds. `export --out` replaces a file only when it has
 *   the shape of the format being written and holds at least one of the tools being exported (so a hand-written file
 *   of other tools is never replaced); a format without it is recognised by its shape alone.
 */
export interface FormatDescriptor<N extends string = string, O extends FormatOptionSpecs = FormatOptionSpecs> {
  name: N;
  summary: string;
  extension: string;
  options?: O;
  schemaAsIs: boolean | ((options: FormatOptionValues<O>) => boolean);
  /**
   * For a format that rebuilds schemas (`schemaAsIs` false): what it cannot take of a `defineTool`'s nested zod
   * input (its portable JSON Schema), each at a path under `input`; empty when it takes all of it, and `render`
   * then writes that schema in its own form. A format without it leaves such a tool out (built from flat params).
   */
  schemaProblems?(schema: Record<string, unknown>, options: FormatOptionValues<O>): { path: string; problem: string }[];
  render(tools: readonly ExportTool[], options: FormatOptionValues<O>, context: FormatContext): FormatResult;
  recognise(text: string): boolean;
  toolNames?(text: string): string[];
}

/** Identity function: exists so each format file infers its name and option keys. */
export function defineFormat<const N extends string, const O extends FormatOptionSpecs = Record<never, FormatOptionSpec>>(
  format: FormatDescriptor<N, O>,
): FormatDescriptor<N, O> {
  return format;
}
