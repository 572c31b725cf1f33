/** The severity each configuration of a project gives the validate checks, and which checks a change of them made less severe. */

import { readFileSync } from 'node:fs';
import { jsonPath } from '../core/json-path.js';
import { ConfigError } from '../shared/errors.js';
import { readConfigFile } from '../util/config-file.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { jsonValueAt } from '../util/json-input.js';
import { projectFolders, shownPath } from './approval-grants.js';
import { CHECKS, type CheckId } from './checks/index.js';
import { resolveSeverities, type ValidateConfig } from './config.js';
import type { Severity } from './types.js';

/** Where a configuration sets a check's severity: its JSON path (`$.checks.registered`, `$.agentTools.profile`) and place (1-based). */
export interface SeverityAt {
  path: string;
  line: number;
  column: number;
  /** Set by `profile: "tools"`, which turns the architecture checks off, rather than by a `checks` entry. */
  byProfile?: true;
}

/**
 * The checks of one configuration as `validate` started in its folder reads them: the
 * effective severity of every check (its default, then `profile`, then `checks`; see
 * `resolveSeverities`) and where the configuration sets each one it sets.
 */
export interface ConfigChecks {
  /** The folder the configuration governs, relative to the project root with `/` separators; `.` for the root. */
  folder: string;
  /** The file that holds it (agent-tools.config.json, or the package.json with `agentTools`), relative to the root. */
  file: string;
  severities: Record<CheckId, Severity>;
  setAt: Partial<Record<CheckId, SeverityAt>>;
}

/** A configuration diff could not read: the file and what `readConfigFile` said of it. */
export interface UnreadableConfig {
  folder: string;
  problem: string;
}

const isSeverity = (v: unknown): v is Severity => v === 'error' || v === 'warn' || v === 'off';

/**
 * The checks of the configuration `value` held in `file` (its JSON `text`, for the places), under
 * `prefix` (`agentTools` in package.json). Read leniently: a `checks` entry of an unknown check or
 * with a value that is not a severity is passed over, as is a `profile` that is not `full` or
 * `tools` (validate refuses such a file, so nothing is relaxed by it unseen).
 */
export function checksOfConfig(folder: string, file: string, prefix: readonly string[], value: unknown, text: string): ConfigChecks {
  const config: ValidateConfig = {};
  const setAt: Partial<Record<CheckId, SeverityAt>> = {};
  const place = (parts: string[]) => {
    const at = jsonValueAt(text, parts);
    return { path: jsonPath(parts), line: at?.line ?? 1, column: at?.column ?? 1 };
  };
  if (isPlainObject(value)) {
    if (value.profile === 'tools' || value.profile === 'full') config.profile = value.profile;
    const checks = isPlainObject(value.checks) ? value.checks : {};
    const given: Partial<Record<CheckId, Severity>> = {};
    for (const check of CHECKS)
      if (isSeverity(checks[check.id])) {
        given[check.id] = checks[check.id] as Severity;
        setAt[check.id] = place([...prefix, 'checks', check.id]);
      } else if (config.profile === 'tools' && check.scope === 'architecture')
        setAt[check.id] = { ...place([...prefix, 'profile']), byProfile: true };
    config.checks = given;
  }
  return { folder, file, severities: resolveSeverities(config, CHECKS), setAt };
}

/**
 * The check severities of every configuration of the project under `root` (agent-tools.config.json,
 * or package.json's `agentTools`, in each folder `projectFolders` searches), and the folders whose
 * configuration cannot be read (not JSON, or both files holding one: `readConfigFile` refuses it,
 * and so does `validate` started there). Reads files; prints nothing.
 */
export function projectConfigChecks(root: string): { checks: ConfigChecks[]; unreadable: UnreadableConfig[] } {
  const checks: ConfigChecks[] = [];
  const unreadable: UnreadableConfig[] = [];
  for (const dir of projectFolders(root)) {
    const folder = shownPath(root, dir);
    let config;
    try {
      config = readConfigFile(dir);
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      unreadable.push({ folder, problem: folder === '.' ? err.message : `${folder}/${err.message}` });
      continue;
    }
    if (!config.source) continue;
    const text = readFileSync(config.source, 'utf8');
    const file = shownPath(root, config.source);
    checks.push(checksOfConfig(folder, file, config.prefix ? [config.prefix] : [], config.value, text));
  }
  return { checks, unreadable };
}

/** A check that a change of the configurations made less severe (see {@link relaxedChecks}). */
export interface RelaxedCheck {
  check: CheckId;
  /** The check's own default severity (`error` checks fail validate unless configured otherwise). */
  defaultSeverity: Exclude<Severity, 'off'>;
  before: Severity;
  after: Severity;
  /** The head's file, or the base's when the head has no configuration in that folder. */
  file: string;
  /** Where the head sets it, or the base's path when the head no longer does (then the check is at its default). */
  path: string;
  /** The place in the head's file, when the head sets it there. */
  at?: { line: number; column: number };
  /** How the head comes to `after`: a `checks` entry, `profile: "tools"`, or the default (no entry, or no configuration). */
  how: 'entry' | 'profile' | 'default';
}

const RANK: Record<Severity, number> = { off: 0, warn: 1, error: 2 };

/**
 * Every check whose effective severity drops (error → warn, error → off, warn → off) from the
 * configurations `before` to `after`, folder by folder (a folder with a configuration on one side
 * only has the defaults on the other), in the order of `after`'s folders, then those only `before`
 * has; within a folder, in check order.
 */
export function relaxedChecks(before: readonly ConfigChecks[], after: readonly ConfigChecks[]): RelaxedCheck[] {
  const defaults = resolveSeverities({}, CHECKS);
  const out: RelaxedCheck[] = [];
  const folders = [...new Set([...after.map((c) => c.folder), ...before.map((c) => c.folder)])];
  for (const folder of folders) {
    const b = before.find((c) => c.folder === folder);
    const a = after.find((c) => c.folder === folder);
    for (const check of CHECKS) {
      const was = b?.severities[check.id] ?? defaults[check.id];
      const now = a?.severities[check.id] ?? defaults[check.id];
      if (RANK[now] >= RANK[was]) continue;
      const set = a?.setAt[check.id];
      out.push({
        check: check.id,
        defaultSeverity: check.severity,
        before: was,
        after: now,
        file: (a ?? b)!.file,
        path: set?.path ?? b?.setAt[check.id]?.path ?? jsonPath([]),
        ...(set ? { at: { line: set.line, column: set.column } } : {}),
        how: !set ? 'default' : set.byProfile ? 'profile' : 'entry',
      });
    }
  }
  return out;
}
