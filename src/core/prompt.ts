/** Prompts as MCP lists and gets them: arguments, messages, definitions and live prompt sources. */

import { TOOL_NAME_PATTERN } from './tool-name.js';
import { textContent, type ToolContent } from './content.js';
import { clientAccess, type ClientAccess } from './client-input.js';
import { checkCompletion, type Completer } from './completion.js';

/**
 * One argument a prompt takes (a string; MCP prompts/get sends string values only).
 * `enum` and `complete` feed MCP `completion/complete` (see `completeValues`): the values
 * that start with what the user typed, or whatever `complete(value, context)` returns.
 */
export interface PromptArgument {
  name: string;
  description?: string;
  required?: boolean;
  enum?: readonly string[];
  complete?: Completer;
}

/**
 * The second argument of a prompt's `get`: the request's `signal`, and the same client access
 * a tool has (`elicit`, `sample`, `listRoots`; see `ClientAccess`), so a prompt can ask the
 * user before it answers (on MCP 2026-07-28 clients an `input_required` result).
 */
export interface PromptContext extends ClientAccess {
  readonly signal: AbortSignal;
}

/** One message of a prompt: `content` is a text, image, audio or embedded resource item (see `textContent`, `imageContent`…). */
export interface PromptMessage {
  role: 'user' | 'assistant';
  content: ToolContent;
}

/**
 * A prompt, as MCP `prompts/list` shows it and `prompts/get` answers it.
 *
 * - `name`: as a tool name, `^[a-zA-Z0-9_-]{1,64}$`.
 * - `title`, `description`: for the person choosing it in a client.
 * - `arguments`: the string arguments it takes; a `required` one must be given to `get`.
 * - `get(args, ctx)`: the messages; a string stands for one user message of that text.
 *   `ctx` (a {@link PromptContext}) may ask the client for input.
 */
export interface PromptDef {
  name: string;
  title?: string;
  description?: string;
  arguments?: readonly PromptArgument[];
  get(args: Record<string, string>, ctx: PromptContext): string | readonly PromptMessage[] | Promise<string | readonly PromptMessage[]>;
}

/**
 * A live set of prompts (like a `ToolSource`): `prompts()` gives the ones visible now;
 * `onChange(listener)` is called after the set may have changed and returns an unsubscribe function.
 */
export interface PromptSource {
  prompts(): readonly PromptDef[];
  onChange(listener: () => void): () => void;
}

/** What `createMcpServer({ prompts })` takes: an array of prompts or a {@link PromptSource}. */
export type PromptsInput = readonly PromptDef[] | PromptSource;

/** The prompts `input` holds now. */
export function currentPrompts(input: PromptsInput): readonly PromptDef[] {
  return Array.isArray(input) ? (input as readonly PromptDef[]) : (input as PromptSource).prompts();
}

/**
 * Checks a prompt definition and returns it.
 * @throws {TypeError} for a name outside `^[a-zA-Z0-9_-]{1,64}$`, an argument without a
 *   name or named twice, or a missing `get` function.
 */
export function definePrompt(def: PromptDef): PromptDef {
  if (typeof def?.name !== 'string' || !TOOL_NAME_PATTERN.test(def.name))
    throw new TypeError(`definePrompt: name must match ${TOOL_NAME_PATTERN}, received ${JSON.stringify(def?.name)}`);
  if (typeof def.get !== 'function') throw new TypeError(`definePrompt "${def.name}": get must be a function`);
  const seen = new Set<string>();
  (def.arguments ?? []).forEach((a, i) => {
    if (typeof a?.name !== 'string' || a.name === '')
      throw new TypeError(`definePrompt "${def.name}": arguments[${i}].name must be a non-empty string`);
    if (seen.has(a.name)) throw new TypeError(`definePrompt "${def.name}": arguments[${i}] repeats the name "${a.name}"`);
    checkCompletion(a, `definePrompt "${def.name}": arguments[${i}]`);
    seen.add(a.name);
  });
  return def;
}

/**
 * Runs `def.get` with `args` (and `ctx`: without one, a context whose client requests reject
 * with `ClientInputUnavailableError`) after checking them. An argument the prompt does not declare is
 * dropped before `get` runs, as the MCP SDK's own `McpServer` does (its zod object strips
 * unknown keys; the MCP spec, 2025-06-18 server/prompts, names only an invalid prompt name and
 * missing required arguments as errors), so `get` sees declared names only.
 * @throws {RangeError} naming each missing (absent or empty) required argument.
 */
export async function getPromptMessages(
  def: PromptDef,
  args: Record<string, string> = {},
  ctx: PromptContext = { signal: new AbortController().signal, ...clientAccess(undefined) },
): Promise<PromptMessage[]> {
  const declared = def.arguments ?? [];
  const missing = declared.filter((a) => a.required && (args[a.name] === undefined || args[a.name] === ''));
  if (missing.length > 0)
    throw new RangeError(
      `Prompt "${def.name}": missing required argument${missing.length > 1 ? 's' : ''} ${missing.map((a) => `"${a.name}"`).join(', ')}`,
    );
  const known: Record<string, string> = {};
  for (const a of declared) if (Object.hasOwn(args, a.name)) known[a.name] = args[a.name]!;
  args = known;
  const out = await def.get(args, ctx);
  return typeof out === 'string' ? [{ role: 'user', content: textContent(out) }] : [...out];
}

/**
 * One live prompt source of several (a module's prompts, then the skill store's): the
 * prompts of each in order; a name already given by an earlier input is left out, so a
 * prompt from code is never replaced by a skill of the same name.
 */
export function combinePrompts(...inputs: PromptsInput[]): PromptSource {
  return {
    prompts() {
      const seen = new Set<string>();
      return inputs.flatMap((input) => currentPrompts(input)).filter((p) => !seen.has(p.name) && seen.add(p.name));
    },
    onChange(listener) {
      const offs = inputs.map((input) => (Array.isArray(input) ? () => undefined : (input as PromptSource).onChange(listener)));
      return () => offs.forEach((off) => off());
    },
  };
}
