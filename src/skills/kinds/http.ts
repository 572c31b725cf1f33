/** The HTTP skill kind: one tool that sends a request to a URL template its params fill. */
import { parseUrlTemplate, templateParamProblems } from '../executors/url-template.js';
import { httpRules } from '../executors/sandbox-rules.js';
import { runHttpExecutor } from '../executors/http-executor.js';
import type { SkillProblem } from '../files/json-schema-params.js';
import { httpExecutorSchema, type HttpExecutorSpec } from '../files/skill-file-schema.js';
import type { ToolSkillFile } from '../files/external-skill.js';
import { isPlainObject } from '../../util/is-plain-object.js';
import { defineSkillKind, type SkillKindTool } from './define-skill-kind.js';
import { buildToolSkill, originOf, toolDetails } from './tool-file.js';

type HttpFile = ToolSkillFile & { executor: HttpExecutorSpec };

const runs = (ex: HttpExecutorSpec) => `http ${ex.method} ${ex.url}`;

/** RFC 9110 9.2.2: GET, PUT and DELETE are idempotent. */
const IDEMPOTENT = new Set(['GET', 'PUT', 'DELETE']);

/**
 * A GET reads (RFC 9110 9.2.1: safe); any other method changes something, and is destructive unless
 * the skill file says `destructive: false` (the MCP spec's default, destructiveHint true); an HTTP
 * call reaches another service (open-world).
 */
function hints({ executor: { method }, destructive }: HttpFile) {
  const mutates = method !== 'GET';
  const isDestructive = mutates && destructive !== false;
  return {
    mutates,
    destructive: isDestructive,
    idempotent: IDEMPOTENT.has(method),
    openWorld: true,
    ...(isDestructive
      ? { why: `an HTTP ${method}; the skill file ${destructive === true ? 'says destructive: true' : 'does not say destructive: false'}` }
      : {}),
  };
}

const tool: SkillKindTool<HttpFile> = {
  hints,
  rules: httpRules,
  run: (file, args, { options, signal }) =>
    runHttpExecutor(file.executor, args, {
      ...(options.env ? { env: options.env } : {}),
      declaredEnv: file.env ?? [],
      ...(signal ? { signal } : {}),
    }),
};

export default defineSkillKind<HttpFile>({
  id: 'http',
  summary: 'a tool that sends an HTTP request to a URL template its params fill',
  fileKind: 'tool',
  executorType: 'http',
  schema: httpExecutorSchema,
  problems(raw, params) {
    // the URL: http or https, placeholders only in the path or query, each one a param
    const ex = isPlainObject(raw.executor) ? (raw.executor as Partial<HttpExecutorSpec>) : {};
    const problems: SkillProblem[] =
      ex.method === 'GET' && raw.destructive === true
        ? [{ path: '$.destructive', message: 'a GET only reads, so it cannot be destructive; leave "destructive" out' }]
        : [];
    if (typeof ex.url !== 'string') return problems;
    const t = parseUrlTemplate(ex.url);
    if (typeof t === 'string') return [...problems, { path: '$.executor.url', message: t }];
    return [...problems, ...templateParamProblems(t, params).map((message): SkillProblem => ({ path: '$.executor.url', message }))];
  },
  tool,
  build: (file, ctx) => buildToolSkill(file, ctx, tool),
  access: () => [],
  envTo: (file) => `sent in request headers to ${originOf(file.executor.url)}`,
  view: (file) => ({
    details: toolDetails(file, runs(file.executor), tool),
    json: {},
    triggers: [],
    tools: [file.name],
    runs: runs(file.executor),
    sandbox: httpRules(file.executor),
  }),
  try: { tools: 'file', from: (file) => `skill ${file.name}`, rules: (file) => httpRules(file.executor) },
});
