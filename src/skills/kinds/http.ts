/** The HTTP skill kind: one tool that sends a request to a URL template its params fill. */
import { parseUrlTemplate, templateParamProblems } from '../executors/url-template.js';
import { sandboxRules } from '../executors/sandbox-rules.js';
import type { SkillProblem } from '../files/json-schema-params.js';
import { httpExecutorSchema, type HttpExecutorSpec } from '../files/skill-file-schema.js';
import type { ToolSkillFile } from '../files/external-skill.js';
import { isPlainObject } from '../../util/is-plain-object.js';
import { defineSkillKind } from './define-skill-kind.js';
import { buildToolSkill, originOf, toolDetails } from './tool-file.js';

type HttpFile = ToolSkillFile & { executor: HttpExecutorSpec };

const runs = (ex: HttpExecutorSpec) => `http ${ex.method} ${ex.url}`;

export default defineSkillKind<HttpFile>({
  id: 'http',
  summary: 'a tool that sends an HTTP request to a URL template its params fill',
  fileKind: 'tool',
  executorType: 'http',
  schema: httpExecutorSchema,
  problems(raw, params) {
    // the URL: http or https, placeholders only in the path or query, each one a param
    const ex = isPlainObject(raw.executor) ? (raw.executor as Partial<HttpExecutorSpec>) : {};
    if (typeof ex.url !== 'string') return [];
    const t = parseUrlTemplate(ex.url);
    if (typeof t === 'string') return [{ path: '$.executor.url', message: t }];
    return templateParamProblems(t, params).map((message): SkillProblem => ({ path: '$.executor.url', message }));
  },
  build: buildToolSkill,
  access: () => [],
  envTo: (file) => `sent in request headers to ${originOf(file.executor.url)}`,
  view: (file) => ({
    details: toolDetails(file, runs(file.executor)),
    json: {},
    triggers: [],
    tools: [file.name],
    runs: runs(file.executor),
    sandbox: sandboxRules(file.executor),
  }),
  try: { tools: 'file', from: (file) => `skill ${file.name}`, rules: (file) => sandboxRules(file.executor) },
});
