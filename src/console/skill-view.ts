/** What the console's Skills section shows of one stored skill, from its kind's view. */
import { skillSecrets } from '../skills/files/skill-access.js';
import { skillKindOf } from '../skills/kinds/index.js';
import type { StoredSkill } from '../skills/store/store.js';
import type { SkillView } from './page/api-types.js';

/** What the Skills section shows of one stored skill. */
export function skillView(s: StoredSkill): SkillView {
  const { triggers, tools, runs, sandbox } = skillKindOf(s.skill).view(s.skill, s);
  return {
    name: s.name,
    kind: s.kind,
    enabled: s.enabled,
    description: s.skill.description,
    source: s.source,
    installedAt: s.installedAt,
    updatedAt: s.updatedAt,
    triggers,
    tools,
    runs,
    sandbox: [...sandbox, ...skillSecrets(s.skill)],
  };
}
