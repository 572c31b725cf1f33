/** `skill run`: calls an installed tool skill (or one tool of an MCP skill) through the pipeline. */

import { terminalApprover } from '../../adapters/cli-approval.js';
import { cliReportSinks } from '../../adapters/cli-reports.js';
import { commandApprovalPolicy } from '../reviewed-policy.js';
import { truncationNote } from '../../runtime/json-safe.js';
import { runTool } from '../../runtime/run-tool.js';
import { skillFromStored } from '../../skills/store/store-skills.js';
import { skillKindOf } from '../../skills/kinds/index.js';
import { DEFAULT_STORE_PATH, openSkillStore } from '../../skills/store/store.js';
import { ConfigError, UsageError } from '../../shared/errors.js';
import { requireStored } from './require-stored.js';
import { requireStoreExists } from './with-store.js';
import { parseJsonInput } from '../../util/json-input.js';
import { shellWord } from '../../util/shell-word.js';
import { scriptSandboxMode } from '../script-sandbox-mode.js';
import { stopScriptsOnSignals } from '../stop-on-signals.js';
import { cliCommand } from '../../shared/cli-command.js';

/**
 * `skill run <name> [--args JSON] [--tool T]`: calls the tool of an installed tool skill (or
 * one tool of an MCP skill) through the pipeline; prints the JSON result on stdout, or the
 * error on stderr with exit 1. The tool's log lines go to stderr, its progress too on a terminal. A disabled skill is refused (exit 2).
 * A call that needs approval asks as `call` does (a terminal prompt, `--yes`, else exit 2).
 * A script skill runs in bubblewrap; where that cannot run, only with `--unsandboxed` (see `scriptSandboxMode`).
 * Words after the name that are not its options (`--city Paris`) are refused with the `--args` that says them (exit 2).
 */
export async function skillRun(
  name: string,
  opts: { store?: string; allowForeignTables?: boolean; args?: string; tool?: string; unsandboxed?: boolean; yes?: boolean },
  extra: readonly string[] = [],
): Promise<number> {
  if (extra.length > 0) throw new UsageError(flagsHint(extra), 'skill run');
  const { policy } = commandApprovalPolicy(process.cwd());
  // Ctrl-C or SIGTERM: a running script's process group killed and its temp folder removed before exiting
  stopScriptsOnSignals();
  let args: unknown;
  try {
    args = parseJsonInput(opts.args ?? '{}');
  } catch (err) {
    throw new UsageError(`--args: not valid JSON: ${(err as Error).message}`, 'skill run');
  }
  const path = opts.store ?? DEFAULT_STORE_PATH;
  requireStoreExists(path);
  const store = await openSkillStore(path, { allowForeignTables: opts.allowForeignTables === true });
  let skill;
  try {
    const stored = await requireStored(store, name);
    if (!stored.enabled)
      throw new UsageError(`skill "${name}" is disabled; run '${cliCommand(`skill enable ${name}`)}' first`, 'skill run');
    const tries = skillKindOf(stored.skill).try;
    if (tries.tools === 'none')
      throw new UsageError(`skill "${name}" is a ${stored.kind} skill and has no tool; ${tries.hint}`, 'skill run');
    // the store stays open while an MCP skill connects: its first connection records the tools it accepts
    const onProblem = (p: { name: string; message: string }) => void process.stderr.write(`agent-tools: skill "${p.name}": ${p.message}\n`);
    skill = await skillFromStored(stored, { store, onProblem, sandbox: scriptSandboxMode(opts.unsandboxed) }).catch((err: unknown) => {
      // a skill that cannot be built (its MCP server does not start or answer) is the skill's problem, not ours
      throw new ConfigError((err as Error).message);
    });
  } finally {
    await store.close();
  }
  try {
    const tools = skill.tools;
    const wanted = opts.tool;
    const def =
      wanted === undefined
        ? tools.length === 1
          ? tools[0]
          : undefined
        : tools.find((t) => t.name === wanted || t.name === `${name}__${wanted}`);
    if (!def) {
      const names = tools.map((t) => t.name).join(', ') || '(none)';
      if (wanted === undefined)
        throw new UsageError(`skill "${name}" has ${tools.length} tools; choose one with --tool: ${names}`, 'skill run');
      // a server tool left out (changed since accepted, nested schema) says why
      const left = (skill as { skipped?: { tool: string; reason: string }[] }).skipped?.find(
        (t) => t.tool === wanted || `${name}__${t.tool}` === wanted,
      );
      if (left) throw new ConfigError(`skill "${name}": tool "${left.tool}" is not offered: ${left.reason}`);
      throw new ConfigError(`skill "${name}" has no tool "${wanted}"; its tools: ${names}`);
    }
    const reports = cliReportSinks(def.name, (t) => void process.stderr.write(t), process.stderr.isTTY === true);
    const stderr = (t: string) => void process.stderr.write(t);
    const interactive = process.stdin.isTTY === true && process.stderr.isTTY === true;
    const result = await runTool(def, args, policy ? { approval: policy } : {}, {
      ...reports.sinks,
      caller: 'the command line (agent-tools skill run)',
      approve: terminalApprover({ yes: opts.yes === true, interactive, stderr }),
    });
    reports.end();
    if (result.isError) {
      process.stderr.write(`agent-tools: ${result.error}\n`);
      return result.denied === 'unavailable' ? 2 : 1;
    }
    if (result.truncated) process.stderr.write(`agent-tools: ${truncationNote(def.name, result.truncated)}\n`);
    process.stdout.write(`${process.stdout.isTTY ? JSON.stringify(result.value, null, 2) : result.json}\n`);
    return 0;
  } finally {
    const close = (skill as { close?: () => Promise<void> }).close;
    if (close) await close.call(skill);
  }
}

/**
 * What to say for words `skill run` does not take (`--city Paris`, the way `call` takes a tool's
 * params): the same arguments as the `--args` JSON object, ready to paste (a value that parses as
 * JSON, such as `3` or `true`, keeps its type; a flag with no value is `true`).
 */
export function flagsHint(extra: readonly string[]): string {
  const args: Record<string, unknown> = {};
  const flags: string[] = [];
  for (let i = 0; i < extra.length; i++) {
    const word = extra[i]!;
    if (!word.startsWith('--')) continue;
    const eq = word.indexOf('=');
    const key = word.slice(2, eq === -1 ? undefined : eq);
    flags.push(`--${key}`);
    const next = extra[i + 1];
    const text = eq !== -1 ? word.slice(eq + 1) : next !== undefined && !next.startsWith('--') ? extra[++i]! : undefined;
    args[key] = text === undefined ? true : jsonOrText(text);
  }
  if (flags.length === 0)
    return `skill run takes one skill name, not ${extra.map((w) => `'${w}'`).join(' ')}; give the tool's arguments as --args '{...}'`;
  const unknown = `unknown option${flags.length === 1 ? '' : 's'} ${flags.map((f) => `'${f}'`).join(', ')}`;
  return `${unknown}: skill run takes the tool's arguments as --args ${shellWord(JSON.stringify(args))}`;
}

function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
