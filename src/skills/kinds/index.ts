/** The list of skill kinds: the one place a kind is named. */

// Parsing, the store, `skill show`, `skill run`, the console and the loader read it.

import { z } from 'zod';
import { closeMatches } from '../../core/suggest.js';
import { isPlainObject } from '../../util/is-plain-object.js';
import type { ExternalSkillFile } from '../files/external-skill.js';
import type { AnySkillKind, SkillKindDef } from './define-skill-kind.js';
import http from './http.js';
import mcp from './mcp.js';
import prompt from './prompt.js';
import script from './script.js';
import { toolSkillSchemaOf } from './tool-file.js';

/**
 * Every skill kind, in the order docs and errors list them. A new kind: its descriptor in
 * src/skills/kinds/<id>.ts, its line here, a fixture fixtures/skills/kinds/<id>.json and its
 * section in node_modules/agent-tools/docs/skills.md (test/skills/skill-kinds.test.ts names any that is missing).
 */
export const SKILL_KINDS = [prompt, http, script, mcp] as const satisfies readonly AnySkillKind[];

/** A kind's id: `prompt`, `http`, `script`, `mcp`. */
export type SkillKindId = (typeof SKILL_KINDS)[number]['id'];

// each kind takes its own file type; looked up by a file's kind, it takes that file
const kinds: readonly SkillKindDef[] = SKILL_KINDS;

/** The kind of a file (`kind`, and for a tool file its executor's `type`), or undefined when no kind matches. */
export function findSkillKind(raw: unknown): SkillKindDef | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const r = raw as { kind?: unknown; executor?: { type?: unknown } };
  return kinds.find((k) => k.fileKind === r.kind && (k.executorType === undefined || k.executorType === r.executor?.type));
}

/** The kind of a validated skill file. */
export function skillKindOf(file: ExternalSkillFile): SkillKindDef {
  const k = findSkillKind(file);
  if (!k) throw new TypeError(`no skill kind for "kind": "${file.kind}"`);
  return k;
}

/** Whether a file's `kind` is the tool file around an executor (`tool`: its kinds have an `executorType`), read by `toolParams`. */
export function isToolFileKind(kind: unknown): boolean {
  return kinds.some((k) => k.fileKind === kind && k.executorType !== undefined);
}

/** The file kinds, each once, in list order (`prompt`, `tool`, `mcp`). */
export const FILE_KINDS = [...new Set(kinds.map((k) => k.fileKind))];

/** zod schema of any skill file, by `kind` (a tool file's executor by `type`), built from the list. */
export const skillFileSchema = z.discriminatedUnion(
  'kind',
  FILE_KINDS.map((fileKind) => {
    const own = kinds.filter((k) => k.fileKind === fileKind);
    if (own.length === 1 && own[0]!.executorType === undefined) return own[0]!.schema;
    return toolSkillSchemaOf(
      own.map((k) => k.schema),
      own.map((k) => k.executorType!),
    );
  }) as unknown as [z.ZodObject, ...z.ZodObject[]],
  {
    error: (iss) => {
      if (iss.code !== 'invalid_union') return 'expected a skill object';
      // a misspelt kind ("promt") names the closest one, by the one suggestion rule
      const kind = isPlainObject(iss.input) ? iss.input.kind : undefined;
      const near = typeof kind === 'string' ? closeMatches(kind, FILE_KINDS, 1) : [];
      const list = `${FILE_KINDS.slice(0, -1)
        .map((k) => `"${k}"`)
        .join(', ')} or "${FILE_KINDS.at(-1)}"`;
      return `expected "kind" to be ${list}${near.length > 0 ? ` (did you mean "${near[0]}"?)` : ''}`;
    },
  },
);
