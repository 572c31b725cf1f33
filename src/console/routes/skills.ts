/** The Skills and Install sections' API: list, switch, install and remove skills. */

import { Hono } from 'hono';
import { checkInstall, readInstallPaths, readInstallText } from '../../skills/files/install-check.js';
import { InvalidSkillError, SkillExistsError } from '../../skills/store/store.js';
import { splitUnchanged } from '../../skills/store/unchanged-skills.js';
import type { ErrorResponse, InstallRequest, SkillsResponse } from '../page/api-types.js';
import { skillView } from '../skill-view.js';
import type { ConsoleStore } from '../store-access.js';
import { jsonBody } from './json-body.js';

/**
 * The Skills and Install sections' API:
 * - `GET /api/skills`: every installed skill ({@link SkillsResponse});
 * - `POST /api/skills/enable {name, enabled}`: the switch; a running `agent-tools serve` on
 *   the same store notices the change (it polls the store) and sends `tools/list_changed`;
 * - `POST /api/skills/install {paths?, files?, replace?}`: validated as `skill install` does
 *   (skill files, SKILL.md, folders of skills, catalogs), all or nothing; problems one per line with their JSON paths (400);
 *   a skill installed already exactly so is listed as `unchanged`, another of a taken name is refused (409) unless `replace`;
 * - `POST /api/skills/remove {name}`.
 * An unknown skill is 404.
 */
export function skillRoutes(store: ConsoleStore): Hono {
  const app = new Hono();
  app.get('/', async (c) => {
    const s = await store.forReading();
    const { skills, problems } = s ? await s.list() : { skills: [], problems: [] };
    const body: SkillsResponse = { store: store.shown, version: await store.version(), skills: skills.map(skillView), problems };
    return c.json(body);
  });

  app.post('/enable', async (c) => {
    const body = await jsonBody<{ name?: unknown; enabled?: unknown }>(c);
    if ('error' in body) return c.json(body, 400);
    const { name, enabled } = body.value;
    if (typeof name !== 'string' || typeof enabled !== 'boolean')
      return c.json({ error: 'expected {"name": string, "enabled": boolean}' } satisfies ErrorResponse, 400);
    const s = await store.forReading();
    if (!s || !(await s.setEnabled(name, enabled))) return c.json({ error: `no installed skill "${name}"` } satisfies ErrorResponse, 404);
    return c.json({ name, enabled, message: `${enabled ? 'enabled' : 'disabled'} ${name}` });
  });

  app.post('/install', async (c) => {
    const body = await jsonBody<InstallRequest>(c);
    if ('error' in body) return c.json(body, 400);
    const { paths = [], files = [], replace = false } = body.value;
    if (
      !Array.isArray(paths) ||
      !paths.every((p) => typeof p === 'string') ||
      !Array.isArray(files) ||
      !files.every((f) => typeof f?.name === 'string' && typeof f?.text === 'string')
    ) {
      return c.json(
        {
          error: 'expected {"paths"?: string[], "files"?: [{"name": string, "text": string}], "replace"?: boolean}',
        } satisfies ErrorResponse,
        400,
      );
    }
    if (paths.length + files.length === 0) return c.json({ error: 'give a path or drop a skill file' } satisfies ErrorResponse, 400);
    const check = checkInstall([...readInstallPaths(paths), ...files.map((f) => readInstallText(f.name, f.text))]);
    if (!check.ok) return c.json({ error: check.message.split('\n')[0]!, problems: check.problems } satisfies ErrorResponse, 400);
    try {
      const s = await store.forWriting();
      // as `skill install`: a skill installed already exactly so is skipped and named, not refused as a clash
      const { unchanged, rest } = await splitUnchanged(s, check.entries);
      const installed = rest.length > 0 ? await s.install(rest, { force: replace === true }) : [];
      return c.json({
        installed: installed.map(skillView),
        unchanged,
        message: [
          ...unchanged.map((name) => `unchanged ${name} (installed already as it is)`),
          ...installed.map((x) => `installed ${x.name} (${x.kind}${x.enabled ? '' : ', disabled'}) from ${x.source ?? '-'}`),
        ].join('\n'),
      });
    } catch (err) {
      if (err instanceof SkillExistsError)
        return c.json(
          {
            error: `nothing installed: ${err.message.replace('use --force to replace', 'tick "Replace installed skills" to replace them')}`,
          } satisfies ErrorResponse,
          409,
        );
      if (err instanceof InvalidSkillError)
        return c.json(
          { error: 'nothing installed', problems: err.problems.map((p) => `${p.path}: ${p.message}`) } satisfies ErrorResponse,
          400,
        );
      throw err;
    }
  });

  app.post('/remove', async (c) => {
    const body = await jsonBody<{ name?: unknown }>(c);
    if ('error' in body) return c.json(body, 400);
    const { name } = body.value;
    if (typeof name !== 'string') return c.json({ error: 'expected {"name": string}' } satisfies ErrorResponse, 400);
    const s = await store.forReading();
    if (!s || !(await s.remove(name))) return c.json({ error: `no installed skill "${name}"` } satisfies ErrorResponse, 404);
    return c.json({ name, message: `removed ${name}` });
  });
  return app;
}
