/** The Router section's API: the prompt skills a message activates. */

import { Hono } from 'hono';
import { SkillRouter, triggerOccurs } from '../../skills/model/router.js';
import { promptSkillsOf } from '../../skills/store/store-skills.js';
import type { ErrorResponse, RouteRequest, RouteResponse } from '../page/api-types.js';
import type { ConsoleStore } from '../store-access.js';
import { jsonBody } from './json-body.js';

/**
 * The Router section's API: `POST /api/route {message, base?}` → the enabled prompt skills
 * the message activates (as `skill route` finds them, by name) with the triggers that
 * matched, and the system prompt `buildSystemPrompt(base, message)` makes.
 */
export function routeRoutes(store: ConsoleStore): Hono {
  const app = new Hono();
  app.post('/', async (c) => {
    const body = await jsonBody<RouteRequest>(c);
    if ('error' in body) return c.json(body, 400);
    const { message, base = '' } = body.value;
    if (typeof message !== 'string' || typeof base !== 'string')
      return c.json({ error: 'expected {"message": string, "base"?: string}' } satisfies ErrorResponse, 400);
    const s = await store.forReading();
    const stored = s ? (await s.list()).skills : [];
    const prompts = promptSkillsOf(stored);
    const router = new SkillRouter(prompts);
    const answer: RouteResponse = {
      skills: router.route(message).map((k) => ({
        name: k.name,
        triggers: [...k.prompt!.triggers],
        matched: k.prompt!.triggers.filter((t) => triggerOccurs(message, t)),
      })),
      enabledPromptSkills: prompts.filter((x) => x.enabled).length,
      systemPrompt: router.buildSystemPrompt(base, message),
    };
    return c.json(answer);
  });
  return app;
}
