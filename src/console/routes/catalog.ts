/** The Catalog section's API: the tools by tier, their token cost and validate's findings. */

import { dirname, resolve } from 'node:path';
import { Hono } from 'hono';
import { currentTools, isRegistry } from '../../runtime/tool-source.js';
import type { CatalogResponse } from '../page/api-types.js';

type Catalog = Exclude<CatalogResponse, { toolbox: null }>;
import type { ConsoleToolbox } from '../server.js';

/** The toolbox's tools by tier, from the loaded module (a registry's core and extended lists). */
function tiersOf(toolbox: ConsoleToolbox): Catalog['tiers'] {
  const view = (defs: readonly { name: string; description: string }[]) => defs.map((d) => ({ name: d.name, description: d.description }));
  if (isRegistry(toolbox.tools)) {
    return [
      { tier: 'core', tools: view(toolbox.tools.core), tokens: 0 },
      { tier: 'extended', tools: view(toolbox.tools.extended), tokens: 0 },
    ];
  }
  return [{ tier: 'all', tools: view(currentTools(toolbox.tools, 'all')), tokens: 0 }];
}

/**
 * The Catalog section's API: `GET /api/catalog` → the toolbox's tools by tier, each tier's
 * token cost (o200k_base, of its tools/list entries, as `validate` counts it)
 * and the findings of `validate` on the toolbox's folder (the folder of the module given to
 * `--tools`, with the configuration file of the working directory). The validate run is made
 * once per launch and kept; `?refresh=1` runs it again. `{ toolbox: null }` without `--tools`.
 */
export function catalogRoutes(toolbox: ConsoleToolbox | undefined): Hono {
  const app = new Hono();
  let last: Promise<Catalog> | undefined;
  const run = async (): Promise<Catalog> => {
    const t = toolbox!;
    const folder = dirname(resolve(t.module));
    const started = performance.now();
    // validate loads the TypeScript compiler: only when the Catalog is first opened.
    const { validateTools } = await import('../../validate/run.js');
    const result = validateTools([folder]);
    const tiers = tiersOf(t);
    for (const tier of tiers)
      tier.tokens =
        tier.tier === 'all'
          ? result.summary.tiers.core.tokens + result.summary.tiers.extended.tokens
          : result.summary.tiers[tier.tier].tokens;
    return {
      toolbox: { module: t.module, folder },
      tiers,
      summary: {
        files: result.summary.files,
        tools: result.summary.tools,
        errors: result.summary.errors,
        warnings: result.summary.warnings,
      },
      findings: result.findings.map((f) => ({
        file: f.file,
        line: f.line,
        column: f.column,
        checkId: f.checkId,
        severity: f.severity,
        message: f.message,
      })),
      profile: result.profile.name,
      durationMs: Math.round(performance.now() - started),
    };
  };
  app.get('/', async (c) => {
    if (!toolbox) return c.json({ toolbox: null } satisfies CatalogResponse);
    if (!last || c.req.query('refresh') === '1') last = run();
    try {
      return c.json(await last);
    } catch (err) {
      last = undefined;
      return c.json({ error: `validate failed on the toolbox: ${(err as Error).message}` }, 500);
    }
  });
  return app;
}
