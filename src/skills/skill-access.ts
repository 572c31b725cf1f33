import type { ExternalSkillFile } from './external-skill.js';

/**
 * What an installed skill may reach beyond the arguments of a call, one plain sentence each,
 * for the person installing it (`skill install` prints them, `skill show` lists them): the
 * environment variables it reads and where their values go. Empty for a skill that reads nothing of the machine (a prompt skill).
 */
export function skillAccess(skill: ExternalSkillFile): string[] {
  const lines: string[] = [];
  if (skill.kind === 'prompt') return lines;
  const env = skill.env ?? [];
  if (env.length > 0) {
    let to: string;
    if (skill.kind === 'tool')
      to = skill.executor.type === 'http' ? `sent in request headers to ${originOf(skill.executor.url)}` : 'not used by a script';
    else
      to =
        'url' in skill.server
          ? `sent in request headers to ${originOf(skill.server.url)}`
          : `passed to the server process ${skill.server.command}`;
    lines.push(`reads the environment variable${env.length === 1 ? '' : 's'} ${env.join(', ')} (${to})`);
  }
  return lines;
}

/** The scheme, host and port of a URL or URL template (its placeholders never reach them). */
function originOf(url: string): string {
  const m = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]*)/i.exec(url);
  return m ? m[1]! : url;
}
