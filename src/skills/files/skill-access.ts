import type { ExternalSkillFile } from './external-skill.js';

/**
 * What an installed skill may reach beyond the arguments of a call, one plain sentence each,
 * for the person installing it (`skill install` prints them, `skill show` lists them): whether
 * a script has network access (`network: true`), then {@link skillSecrets}. Empty for a skill
 * that reads nothing of the machine (a prompt skill).
 */
export function skillAccess(skill: ExternalSkillFile): string[] {
  const lines: string[] = [];
  if (skill.kind === 'tool' && skill.executor.type === 'script')
    lines.push(
      skill.executor.network === true
        ? `runs ${skill.executor.runtime} in a sandbox, with network access (it declares network: true)`
        : `runs ${skill.executor.runtime} in a sandbox, with no network`,
    );
  return [...lines, ...skillSecrets(skill)];
}

/** The environment variables a skill reads (its declared `env`) and where their values go, as one sentence; empty when it reads none. */
export function skillSecrets(skill: ExternalSkillFile): string[] {
  if (skill.kind === 'prompt') return [];
  const env = skill.env ?? [];
  if (env.length === 0) return [];
  let to: string;
  if (skill.kind === 'tool')
    to = skill.executor.type === 'http' ? `sent in request headers to ${originOf(skill.executor.url)}` : 'not used by a script';
  else
    to =
      'url' in skill.server
        ? `sent in request headers to ${originOf(skill.server.url)}`
        : `passed to the server process ${skill.server.command}`;
  return [`reads the environment variable${env.length === 1 ? '' : 's'} ${env.join(', ')} (${to})`];
}

/** The scheme, host and port of a URL or URL template (its placeholders never reach them). */
function originOf(url: string): string {
  const m = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]*)/i.exec(url);
  return m ? m[1]! : url;
}
