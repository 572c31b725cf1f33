import { mcpToolName } from '../skills/mcp/mcp-tool-name.js';
import { sandboxRules } from '../skills/executors/sandbox-rules.js';
import { skillSecrets } from '../skills/files/skill-access.js';
import type { StoredSkill } from '../skills/store/store.js';
import type { SkillView } from './page/api-types.js';

/** What the Skills section shows of one stored skill. */
export function skillView(s: StoredSkill): SkillView {
  const k = s.skill;
  const common = {
    name: s.name,
    kind: s.kind,
    enabled: s.enabled,
    description: k.description,
    source: s.source,
    installedAt: s.installedAt,
    updatedAt: s.updatedAt,
  };
  switch (k.kind) {
    case 'prompt':
      return { ...common, triggers: [...k.triggers], tools: [], runs: null, sandbox: [] };
    case 'tool':
      return {
        ...common,
        triggers: [],
        tools: [k.name],
        runs: k.executor.type === 'http' ? `http ${k.executor.method} ${k.executor.url}` : `script (${k.executor.runtime})`,
        sandbox: [...sandboxRules(k.executor), ...skillSecrets(k)],
      };
    case 'mcp':
      return {
        ...common,
        triggers: [],
        tools: (k.tools ?? []).map((t) => mcpToolName(k.name, t)),
        runs: `mcp: ${'url' in k.server ? k.server.url : [k.server.command, ...(k.server.args ?? [])].join(' ')}`,
        sandbox: skillSecrets(k),
      };
  }
}
