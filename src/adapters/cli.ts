/** The command-line adapter: one commander subcommand per tool, its flags from the params, kebab-case names, approval and results. */

import type { TierChoice } from '../core/tier.js';
import { Option, type Command } from 'commander';
import { DuplicateToolError, ToolDefinitionError } from '../core/errors.js';
import type { ArgIssue } from '../core/parse-args.js';
import type { ParamDef } from '../core/param.js';
import type { AnyToolDef } from '../core/tool.js';
import { closeMatches } from '../core/suggest.js';
import { kebabName } from '../core/tool-name.js';
import { truncationNote } from '../runtime/json-safe.js';
import { withToolsApproval } from '../runtime/approval.js';
import { RecentCalls } from '../runtime/recent-calls.js';
import { runTool, type PipelineOptions } from '../runtime/run-tool.js';
import { PIPELINE_OPTION_NAMES } from '../runtime/pipeline-options.js';
import { assertKnownOptions } from '../core/known-options.js';
import { currentTools, type ToolsInput } from '../runtime/tool-source.js';
import { terminalApprover } from './cli-approval.js';
import { contentToFiles } from './cli-content.js';
import { missingLevels } from '../util/ensure-dir.js';
import { cliReportSinks } from './cli-reports.js';
import { parseJsonInput } from '../util/json-input.js';
import { isPlainObject } from '../util/is-plain-object.js';

export { cliReportSinks, progressLine } from './cli-reports.js';

/**
 * Options of {@link toolsToCommands}: the commander `program` to add to, `tier` (for a
 * registry; default `'all'`, as a command line reaches every tool), `pretty` (indent the JSON result; default: when stdout is a terminal),
 * `stdout`/`stderr` writers (default: the process streams), `setExitCode` (default: sets
 * `process.exitCode`), `progress` (show a tool's progress as a line redrawn on stderr;
 * default: when stderr is a terminal and no `stderr` writer is given), `outDir` (where binary
 * content items are written; default: a new temp folder per call; a `--out-dir` flag overrides it),
 * `interactive` (ask on the terminal when a call needs approval; default: when stdin and stderr
 * are terminals), `errorPrefix` (written before each error message a command prints, e.g. the
 * program's name and a colon; default none), and the pipeline options (`approval`, `approve` among them).
 */
export interface CliCommandsOptions<Api = any> extends PipelineOptions<Api> {
  program: Command;
  tier?: TierChoice;
  pretty?: boolean;
  progress?: boolean;
  outDir?: string;
  stdout?: (text: string) => void;
  stderr?: (text: string) => void;
  setExitCode?: (code: number) => void;
  interactive?: boolean;
  errorPrefix?: string;
}

/** Every option name of {@link toolsToCommands}: another one is a TypeError (`assertKnownOptions`). */
const CLI_OPTION_NAMES = {
  ...PIPELINE_OPTION_NAMES,
  program: true,
  tier: true,
  pretty: true,
  progress: true,
  outDir: true,
  stdout: true,
  stderr: true,
  setExitCode: true,
  interactive: true,
  errorPrefix: true,
} as const satisfies Record<keyof CliCommandsOptions, true>;

export { kebabName };

/** Splits a `string[]` flag value on commas; `\,` stands for a literal comma. */
export function splitList(value: string): string[] {
  return value.split(/(?<!\\),/).map((s) => s.replaceAll('\\,', ','));
}

const PLACEHOLDER: Record<ParamDef['type'], string> = {
  string: '<string>',
  number: '<number>',
  color: '<color>',
  'string[]': '<items>',
  boolean: '[true|false]',
};

/** A number param with `integer: true` is an `integer` in its help, as every JSON export says it. */
const isInteger = (def: ParamDef) => def.type === 'number' && def.integer === true;

function helpText(def: ParamDef): string {
  const facts: string[] = [
    def.type === 'string[]' ? 'list: repeat the flag or separate with commas' : isInteger(def) ? 'integer' : def.type,
  ];
  if (def.enum) facts.push(`one of: ${def.enum.join(', ')}`);
  // a string's min/max are lengths in characters (Unicode code points)
  const unit = def.type === 'string' ? ' characters' : '';
  if (def.min !== undefined) facts.push(`min ${def.min}${unit}`);
  if (def.max !== undefined) facts.push(`max ${def.max}${unit}`);
  if (def.pattern !== undefined) facts.push(`matching ${def.pattern}`);
  if (def.default !== undefined) facts.push(`default: ${Array.isArray(def.default) ? def.default.join(',') : String(def.default)}`);
  if (def.required === true) facts.push('required');
  return `${def.description} (${facts.join('; ')})`;
}

interface FlagParam {
  param: string;
  flag: string;
  attribute: string;
  /** Whether giving the flag again adds a value (`string[]`) rather than being an error. */
  repeats: boolean;
  /** The occurrences on this command line, as written (`--a 1`, `--no-italic`); emptied by each action. */
  seen: string[];
}

/** The usage error for scalar flags given more than once, or `undefined`. */
function repeatedFlags(flags: readonly FlagParam[]): string | undefined {
  const twice = flags.filter((f) => !f.repeats && f.seen.length > 1);
  if (twice.length === 0) return undefined;
  return twice
    .map((f) => `${f.flag} was given ${f.seen.length} times (${f.seen.join(', ')}); it takes one value: give it once.`)
    .join('\n');
}

/**
 * The flags every tool's command has of its own, by kebab-case name, with what they do. A param
 * whose flag would be one of these gets `--param-<name>` instead, so the command's own flag keeps
 * working (the approval hint's `--yes` above all); `--args '{"<name>": …}'` sets it too.
 */
export const OWN_FLAGS: Readonly<Record<string, string>> = {
  args: '--args <json>',
  yes: '--yes',
  'out-dir': '--out-dir <dir>',
  help: '--help',
};

/** The flag a param gets: its kebab-case name, or `param-<name>` when the command has that flag of its own ({@link OWN_FLAGS}). */
export function paramFlag(param: string): string {
  const flag = kebabName(param);
  return flag in OWN_FLAGS ? `param-${flag}` : flag;
}

function addFlags(cmd: Command, def: AnyToolDef): FlagParam[] {
  const flags: FlagParam[] = [];
  const byFlag = new Map<string, string>();
  for (const [param, p] of Object.entries(def.params as Record<string, ParamDef>)) {
    const flag = paramFlag(param);
    const clash = byFlag.get(flag);
    if (clash)
      throw new ToolDefinitionError(def.name, `params.${param}`, `maps to the flag --${flag}, already taken by ${clash}; rename the param`);
    byFlag.set(flag, `param "${param}"`);
    const own = OWN_FLAGS[kebabName(param)];
    const help = own ? `${helpText(p)} [the param "${param}": ${own} is the command's own flag]` : helpText(p);
    const option = new Option(`--${flag} ${isInteger(p) ? '<integer>' : PLACEHOLDER[p.type]}`, help);
    if (p.type === 'string[]') option.argParser((v: string, prev: string[] | undefined) => [...(prev ?? []), ...splitList(v)]);
    cmd.addOption(option);
    const seen: string[] = [];
    // every occurrence, in order: a scalar param given twice is refused, never last-wins
    cmd.on(`option:${flag}`, (v?: string) => seen.push(v === undefined || v === null ? `--${flag}` : `--${flag} ${v}`));
    if (p.type === 'boolean') {
      cmd.addOption(new Option(`--no-${flag}`, `same as --${flag} false`));
      cmd.on(`option:no-${flag}`, () => seen.push(`--no-${flag}`));
    }
    flags.push({ param, flag: `--${flag}`, attribute: option.attributeName(), repeats: p.type === 'string[]', seen });
  }
  cmd.addOption(new Option(OWN_FLAGS.args!, 'the whole argument object as JSON, instead of flags'));
  cmd.addOption(new Option(OWN_FLAGS.yes!, 'approve the call if it needs approval, without asking'));
  cmd.addOption(new Option(OWN_FLAGS['out-dir']!, 'where images, audio and other binary results are written (default: a new temp folder)'));
  return flags;
}

/** What is wrong with the words left over after the flags: an unknown flag (with the closest known one) or a stray value. */
function unexpectedArguments(cmd: Command): string {
  const unknown = cmd.args.find((a) => a.startsWith('-'));
  if (unknown === undefined) {
    const stray = cmd.args[0]!;
    // a JSON object given bare, as `call <module> <tool> '{"id":"n1"}'`: say the flag it needs
    const json = /^\s*\{/.test(stray) && isJsonObject(stray) ? ` (did you mean --args '${stray}'?)` : '';
    return `error: unexpected argument '${stray}': every argument is a flag (--name value) or --args '<json>'${json}`;
  }
  const known = cmd.options.flatMap((o) => (o.long ? [o.long.slice(2)] : []));
  const near = closeMatches(unknown.replace(/^-+/, '').split('=')[0]!, known, 1);
  return `error: unknown option '${unknown}'${near.length > 0 ? ` (did you mean --${near[0]}?)` : ''}`;
}

/**
 * A flag that takes a value written right before another flag of the command (`--id --italic`): commander takes the next
 * word as the value whatever it is, so `--italic` would be lost and the tool run with the id "--italic". `words` is the
 * command line as parsed; the value form (`--id=--italic`) passes such a text on purpose and is not matched.
 */
function flagTakenAsValue(cmd: Command, words: readonly string[]): string | undefined {
  const longs = new Set(['--help', '-h', ...cmd.options.flatMap((o) => (o.long ? [o.long] : []))]);
  const valued = new Set(cmd.options.flatMap((o) => (o.required && o.long ? [o.long] : [])));
  for (const [i, word] of words.entries()) {
    const next = words[i + 1];
    if (valued.has(word) && next !== undefined && longs.has(next.split('=')[0]!))
      return `${word} needs a value: the word after it, ${next}, is a flag of this command, not taken as the value (write ${word}=${next} to pass that text)`;
  }
  return undefined;
}

/** Whether `text` is JSON whose value is an object (not an array or null). */
function isJsonObject(text: string): boolean {
  try {
    return isPlainObject(JSON.parse(text));
  } catch {
    return false;
  }
}

function flagIssues(issues: readonly ArgIssue[], flags: readonly FlagParam[], toolName: string): string {
  const lines = issues.map((i) => {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)(.*)$/.exec(i.path);
    const flag = m && flags.find((f) => f.param === m[1]);
    return `- ${flag ? flag.flag + m[2] : i.path}: ${i.message}`;
  });
  return `Invalid arguments for tool "${toolName}":\n${lines.join('\n')}`;
}

/**
 * Adds one commander subcommand per tool to `options.program` and returns them. The
 * command name is the tool name in kebab case (`set_font` → `set-font`, the original name
 * is an alias). Flags are the kebab-case param names, values passed to the pipeline as
 * written (so `parseArgs` coerces them exactly as for the other adapters):
 * - boolean: `--italic`, `--italic true|false`, `--italic=false`, `--no-italic`;
 * - string[]: repeat the flag or separate with commas (`--tags serif,mono`); write `\,` for
 *   a comma inside an item, or use `--args`;
 * - `--args '<json>'`: the whole argument object instead of flags (not combined with them);
 * - any other flag given twice (`--a 1 --a 2`, `--italic --no-italic`) exits 2 naming it,
 *   rather than keeping the last value; so does a flag that takes a value followed by another
 *   flag of the command (`--id --italic`), which commander would take as the value (`--id=--italic` passes it);
 * - a param named like one of the command's own flags ({@link OWN_FLAGS}: `args`, `yes`,
 *   `out_dir`, `help`) is `--param-<name>` (`--param-yes`), so `--yes` always approves.
 *
 * The action prints the JSON result on stdout (indented when `pretty`), or the error on
 * stderr with exit code 1 (bad arguments name the flag: `--weight: expected number, …`);
 * bad `--args` JSON, `--args` mixed with flags or a repeated scalar flag exit 2. A result capped by the pipeline
 * (see `maxResultBytes`) also gets a one-line note on stderr with both sizes (`truncationNote`).
 * A `contentResult` prints as `{ content: [...] }` with each binary item written to a file
 * (`contentToFiles`: `{ type, mimeType, bytes, file }` instead of base64) under `--out-dir`
 * (a flag every command gets) or `options.outDir`; a folder that cannot be created or a
 * file that cannot be written exits 2.
 * The tool's `ctx.log` lines go to stderr, and its progress too on a terminal (see `cliReportSinks`).
 * A call that needs approval (node_modules/agent-tools/docs/approval.md) is asked on the terminal (the tool and its
 * arguments, then a yes/no prompt, on stderr), approved by `--yes` (a flag every command gets),
 * or, with neither a terminal nor `--yes`, refused with exit 2 and how to approve it (`terminalApprover`); a denial exits 1.
 *
 * @throws {DuplicateToolError} when two tools map to the same command name, naming both.
 * @throws {ToolDefinitionError} when two params of one tool map to the same flag (`font_size`, `fontSize`), naming both.
 * @throws {TypeError} for an option name it does not take (`unknown option "teir" (did you mean "tier"?)`).
 */
export function toolsToCommands<Api = any>(tools: ToolsInput, options: CliCommandsOptions<Api>): Command[] {
  assertKnownOptions('toolsToCommands', options, CLI_OPTION_NAMES);
  const { program } = options;
  const out = options.stdout ?? ((t: string) => void process.stdout.write(t));
  const err = options.stderr ?? ((t: string) => void process.stderr.write(t));
  const pretty = options.pretty ?? process.stdout.isTTY === true;
  const showProgress = options.progress ?? (options.stderr === undefined && process.stderr.isTTY === true);
  const interactive = options.interactive ?? (process.stdin.isTTY === true && process.stderr.isTTY === true);
  const pipeline = withToolsApproval(tools, options);
  const seenCalls = new RecentCalls();
  const byCommand = new Map<string, string>();
  const defs = currentTools(tools, options.tier ?? 'all');
  for (const def of defs) {
    const name = kebabName(def.name);
    const other = byCommand.get(name) ?? program.commands.find((c) => c.name() === name)?.name();
    if (other !== undefined)
      throw new DuplicateToolError(name, `tool "${other}"`, `tool "${def.name}" (both become the command "${name}")`);
    byCommand.set(name, def.name);
  }
  return defs.map((def) => {
    const name = kebabName(def.name);
    // Unknown flags reach the action, which names the closest flag by the one suggestion rule (closeMatches).
    const cmd = program.command(name).description(def.description).allowUnknownOption().allowExcessArguments();
    if (name !== def.name) cmd.alias(def.name);
    const flags = addFlags(cmd, def);
    cmd.action(async (opts: Record<string, unknown>) => {
      // the command line as the program parsed it (commander keeps it as `rawArgs`, not in its types)
      const taken = flagTakenAsValue(cmd, (cmd.parent as { rawArgs?: string[] } | null)?.rawArgs ?? []);
      if (taken) {
        for (const f of flags) f.seen.length = 0;
        return fail(2, taken);
      }
      if (cmd.args.length > 0) cmd.error(unexpectedArguments(cmd), { exitCode: 2, code: 'commander.unknownOption' });
      const repeated = repeatedFlags(flags);
      for (const f of flags) f.seen.length = 0;
      if (repeated) return fail(2, repeated);
      let raw: Record<string, unknown> = {};
      const given = flags.filter((f) => opts[f.attribute] !== undefined);
      if (typeof opts.args === 'string') {
        if (given.length > 0)
          return fail(2, `--args cannot be combined with ${given.map((f) => f.flag).join(', ')}; put every argument in the JSON.`);
        try {
          raw = parseJsonInput(opts.args) as Record<string, unknown>;
        } catch (e) {
          return fail(2, `--args: not valid JSON: ${(e as Error).message}`);
        }
      } else for (const f of given) raw[f.param] = opts[f.attribute];
      // a binary result is written after the tool ran: refuse a folder that cannot be made before running it
      if (typeof opts.outDir === 'string')
        try {
          missingLevels(opts.outDir);
        } catch (e) {
          return fail(2, `--out-dir: ${(e as Error).message}; ${def.name} did not run`);
        }
      const reports = cliReportSinks(def.name, err, showProgress);
      const yes = opts.yes === true;
      const result = await runTool(def, raw, pipeline, {
        seenCalls,
        ...reports.sinks,
        caller: 'the command line (toolsToCommands, agent-tools call)',
        approve: terminalApprover({ yes, interactive, stderr: err }),
      });
      reports.end();
      if (!result.isError) {
        if (result.truncated) err(`${truncationNote(def.name, result.truncated)}\n`);
        if (result.content) {
          const outDir = typeof opts.outDir === 'string' ? opts.outDir : options.outDir;
          let shown: unknown;
          try {
            shown = contentToFiles(def.name, result.content, outDir);
          } catch (e) {
            return fail(2, `${def.name}: cannot write the binary result: ${(e as Error).message}`);
          }
          return out(JSON.stringify(shown, null, pretty ? 2 : undefined) + '\n');
        }
        return out(JSON.stringify(result.value, null, pretty ? 2 : undefined) + '\n');
      }
      // argument issues are named by their flags; a result that breaks the output schema keeps its own words
      const byFlags = result.issues && !result.invalidResult && typeof opts.args !== 'string';
      const message = byFlags ? flagIssues(result.issues!, flags, def.name) : result.error;
      fail(result.denied === 'unavailable' ? 2 : 1, message);
    });
    return cmd;
  });

  function fail(code: number, message: string): void {
    err((options.errorPrefix ?? '') + (message.endsWith('\n') ? message : message + '\n'));
    (options.setExitCode ?? ((c: number) => (process.exitCode = c)))(code);
  }
}
