/** What an installed skill may reach beyond the arguments of a call, in sentences for the person installing it. */
import type { ExternalSkillFile } from './external-skill.js';
import { skillKindOf } from '../kinds/index.js';

/**
 * What an installed skill may reach beyond the arguments of a call, one plain sentence each,
 * for the person installing it (`skill install` prints them, `skill show` lists them): whether
 * a script has network access (`network: true`), then {@link skillSecrets}. Empty for a skill
 * that reads nothing of the machine (a prompt skill).
 */
export function skillAccess(skill: ExternalSkillFile): string[] {
  return [...skillKindOf(skill).access(skill), ...skillSecrets(skill)];
}

/** The environment variables a skill reads (its declared `env`) and where their values go, as one sentence; empty when it reads none. */
export function skillSecrets(skill: ExternalSkillFile): string[] {
  const to = skillKindOf(skill).envTo(skill);
  const env = 'env' in skill ? (skill.env ?? []) : [];
  if (to === undefined || env.length === 0) return [];
  return [`reads the environment variable${env.length === 1 ? '' : 's'} ${env.join(', ')} (${to})`];
}
