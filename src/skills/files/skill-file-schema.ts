/** The zod schemas of skill files: HTTP and script executors, MCP servers, runtimes, methods and caps. */

import { z } from 'zod';
import { PARAM_NAME_PATTERN } from '../../core/param.js';
import { TOOL_NAME_PATTERN } from '../../core/tool-name.js';
import { descriptionSizeProblem } from '../../core/size-limits.js';
import { skillEnvSchema } from './skill-env.js';

/** The runtimes a script skill may use, found on PATH by exactly these names. */
export const SCRIPT_RUNTIMES = ['python3', 'bash', 'node'] as const;
/** One of {@link SCRIPT_RUNTIMES}. */
export type ScriptRuntime = (typeof SCRIPT_RUNTIMES)[number];

/** HTTP methods an HTTP skill may use. */
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

const text = z.string().trim().min(1, 'must be a non-empty string');
/** A description: non-empty, at most 64 KiB of UTF-8 (`MAX_DESCRIPTION_BYTES`). */
const description = text.superRefine((v, ctx) => {
  const problem = descriptionSizeProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
const name = z
  .string()
  .regex(TOOL_NAME_PATTERN, `must match ${TOOL_NAME_PATTERN.source} (letters, digits, _ and -, at most 64 characters: it names tools too)`);
const ms = (max: number) => z.number().int().min(1).max(max, `must be at most ${max} ms`);
/** Largest output or response cap a skill file may ask for: 64 MiB (what is kept is held in memory). */
export const SKILL_MAX_CAP_BYTES = 64 * 1024 * 1024;
const bytes = z
  .number()
  .int()
  .min(1)
  .max(SKILL_MAX_CAP_BYTES, `must be at most ${SKILL_MAX_CAP_BYTES} bytes (64 MiB): what is kept is held in memory`);

/**
 * zod schema of an HTTP executor: `method` upper case, `timeoutMs` 1 to 120 000, unknown keys refused. URL rules are checked in
 * `parseSkillFile`.
 */
export const httpExecutorSchema = z.strictObject({
  type: z.literal('http'),
  method: z.enum(HTTP_METHODS, { error: `must be one of ${HTTP_METHODS.join(', ')} (upper case)` }),
  url: text,
  headers: z.record(z.string(), z.string()).optional(),
  body: z.record(z.string(), z.unknown()).optional(),
  timeoutMs: ms(120_000).optional(),
  maxResponseBytes: bytes.optional(),
});

/**
 * zod schema of a script executor: `runtime` exactly python3, bash or node; `timeoutMs` 1 to 30 000; `network: true` lets the sandbox share
 * the host's network.
 */
export const scriptExecutorSchema = z.strictObject({
  type: z.literal('script'),
  runtime: z.enum(SCRIPT_RUNTIMES, {
    error: (iss) => `runtime ${JSON.stringify(iss.input)} is not allowed; use exactly one of ${SCRIPT_RUNTIMES.join(', ')}`,
  }),
  code: text,
  timeoutMs: ms(30_000).optional(),
  maxOutputBytes: bytes.optional(),
  network: z.boolean().optional(),
});

/**
 * zod schema of one argument of a prompt skill (shown in MCP `prompts/list`): `name` a param
 * name (`^[A-Za-z_][A-Za-z0-9_]{0,63}$`, so `{{name}}` in the content can stand for it),
 * `description` and `required` optional. `parseSkillFile` adds: names unique, each used in the content.
 */
export const promptArgumentSchema = z.strictObject({
  name: z.string().regex(PARAM_NAME_PATTERN, `must match ${PARAM_NAME_PATTERN.source} (it is written {{name}} in the content)`),
  description: description.optional(),
  required: z.boolean().optional(),
});

/** zod schema of a prompt skill file: at least one non-empty trigger, non-empty content, optional `arguments`. */
export const promptSkillSchema = z.strictObject({
  kind: z.literal('prompt'),
  name,
  description,
  triggers: z.array(text).min(1, 'needs at least one trigger word'),
  content: text,
  arguments: z.array(promptArgumentSchema).optional(),
});

/**
 * The fields of a tool skill file around its executor: `params` or `parameters` (checked further
 * by `parseSkillFile`), `env`, the variables its headers read, and `destructive`, the author's word
 * on whether a call can be undone (MCP `destructiveHint`; each kind says what leaving it out means).
 * The executor's schema comes from the tool kinds (src/skills/kinds/), one per executor type.
 */
export const toolSkillFields = {
  kind: z.literal('tool'),
  name,
  description,
  params: z.record(z.string(), z.unknown()).optional(),
  parameters: z.record(z.string(), z.unknown()).optional(),
  env: skillEnvSchema.optional(),
  destructive: z.boolean({ error: 'must be true or false' }).optional(),
};

/**
 * zod schema of an MCP skill file: a stdio `{ command, args?, env? }` or an http(s) `{ url, headers? }` server, an optional tool allowlist,
 * and `env`, the variables it reads.
 */
export const mcpSkillSchema = z.strictObject({
  kind: z.literal('mcp'),
  name,
  description,
  server: z.union(
    [
      z.strictObject({ command: text, args: z.array(z.string()).optional(), env: z.record(z.string(), z.string()).optional() }),
      z.strictObject({
        url: z
          .url({ protocol: /^https?$/, error: 'must be an http or https URL' })
          .refine(
            (u) => !URL.canParse(u) || (new URL(u).username === '' && new URL(u).password === ''),
            'must not hold a user name or password (a skill file is stored and shown in clear); read a secret from a declared ${env:NAME} instead',
          ),
        headers: z.record(z.string(), z.string()).optional(),
      }),
    ],
    { error: 'expected { "command", "args"?, "env"? } for a stdio server or { "url", "headers"? } for a Streamable HTTP server' },
  ),
  tools: z.array(text).optional(),
  env: skillEnvSchema.optional(),
});

/** An HTTP executor as written in a skill file. */
export type HttpExecutorSpec = z.infer<typeof httpExecutorSchema>;
/** A script executor as written in a skill file. */
export type ScriptExecutorSpec = z.infer<typeof scriptExecutorSchema>;
/** A prompt skill file. */
export type PromptSkillFile = z.infer<typeof promptSkillSchema>;
/** An MCP skill file. */
export type McpSkillFile = z.infer<typeof mcpSkillSchema>;
