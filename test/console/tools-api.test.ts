/** Tests of Try it and Router through the console API: tools with their schemas, runs through the pipeline, routing. */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../src/console/server.js';
import { COLOR_PATTERN } from '../../src/core/param.js';
import { toInputSchema } from '../../src/core/input-schema.js';
import { getApi, registry } from '../../examples/canvas/registry.js';
import { api, cli, consoleOnExamples } from './helpers.js';

let c: RunningConsole;
let store: string;
beforeAll(async () => {
  ({ console: c, store } = await consoleOnExamples({ toolbox: { module: 'examples/canvas/registry.ts', tools: registry, getApi } }));
});
afterAll(() => c.close());

describe('Try it and Router through the console API', { timeout: 60_000 }, () => {
  it('lists the toolbox by tier and the tool skills, with the schemas tools/list sends', async () => {
    const { json } = await api(c).get('/api/tools');
    expect(json.colorPattern).toBe(COLOR_PATTERN);
    expect(json.tools.length).toBe(registry.all.length + 1);
    const shape = json.tools.find((t: any) => t.id === 'toolbox:create_shape');
    expect(shape.from).toBe('toolbox (core)');
    expect(shape.inputSchema).toEqual(
      JSON.parse(JSON.stringify(toInputSchema(registry.all.find((t) => t.name === 'create_shape')!.params))),
    );
    expect(json.tools.filter((t: any) => t.from === 'toolbox (extended)').length).toBe(registry.extended.length);
    const palette = json.tools.at(-1);
    expect(palette).toMatchObject({ id: 'skill:tint_palette:tint_palette', from: 'skill tint_palette', enabled: true });
    expect(palette.sandbox[0]).toBe(
      'Runs node (found on PATH by that name) on the code in the skill file; arguments arrive as JSON on stdin.',
    );
  });

  it('runs a tool through the pipeline: argument issues by param, then the result with duration and size', async () => {
    const bad = await api(c).post('/api/tools/run', { id: 'toolbox:create_shape', args: { type: 'triangle', width: 0, fill: 'blue' } });
    expect(bad.status).toBe(200);
    expect(bad.json.isError).toBe(true);
    expect(bad.json.issues).toEqual([
      { path: 'type', message: 'expected one of "rectangle", "ellipse", received string "triangle"' },
      { path: 'width', message: 'expected a number >= 1, received number 0' },
      { path: 'fill', message: 'expected a hex color (#RGB, #RGBA, #RRGGBB or #RRGGBBAA), received string "blue"' },
    ]);
    const good = await api(c).post('/api/tools/run', { id: 'toolbox:create_shape', args: { type: 'ellipse', width: 40, fill: '#2563EB' } });
    expect(good.json).toMatchObject({ isError: false, value: { type: 'ellipse', width: 40, fills: ['#2563EB'] }, images: [] });
    expect(good.json.bytes).toBe(Buffer.byteLength(JSON.stringify(good.json.value), 'utf8'));
    expect(good.json.durationMs).toBeGreaterThan(0);
    const svg = await api(c).post('/api/tools/run', { id: 'toolbox:export_svg', args: {} });
    expect(svg.json.images).toEqual([{ mimeType: 'image/svg+xml', data: Buffer.from(svg.json.value.svg, 'utf8').toString('base64') }]);
  });

  it('runs a script skill as skill run does, and refuses it while switched off', async () => {
    const args = { base: '#2563EB', steps: 3 };
    const viaCli = cli('skill', 'run', 'tint_palette', '--args', JSON.stringify(args), '--store', store);
    const r = await api(c).post('/api/tools/run', { id: 'skill:tint_palette:tint_palette', args });
    expect(r.json.value).toEqual(JSON.parse(viaCli.stdout));
    expect(cli('skill', 'disable', 'tint_palette', '--store', store).code).toBe(0);
    expect(await api(c).post('/api/tools/run', { id: 'skill:tint_palette:tint_palette', args })).toEqual({
      status: 409,
      json: { error: 'skill tint_palette is disabled; switch it on first' },
    });
    expect(cli('skill', 'enable', 'tint_palette', '--store', store).code).toBe(0);
    expect((await api(c).post('/api/tools/run', { id: 'toolbox:nope', args })).status).toBe(404);
  });

  it('routes a message as skill route does and builds the system prompt', async () => {
    const message = 'Apply the brand colors to the card, then review it for overlap';
    const r = await api(c).post('/api/route', { message, base: 'You design.' });
    expect(r.json.skills).toEqual([
      { name: 'brand_style', triggers: ['brand', 'style guide', '品牌'], matched: ['brand'] },
      { name: 'layout_review', triggers: ['review', 'overlap', '对齐'], matched: ['review', 'overlap'] },
    ]);
    expect(JSON.parse(cli('skill', 'route', message, '--json', '--store', store).stdout).map((s: any) => s.name)).toEqual([
      'brand_style',
      'layout_review',
    ]);
    expect(r.json.systemPrompt.startsWith('You design.\n\n## Skill: brand_style\nUse only the brand palette')).toBe(true);
    expect(r.json.systemPrompt).toContain('\n\n## Skill: layout_review\n');
    expect((await api(c).post('/api/route', { message: '请按品牌规范修改' })).json.skills.map((s: any) => s.name)).toEqual(['brand_style']);
    expect((await api(c).post('/api/route', { message: 'nothing here' })).json).toEqual({
      skills: [],
      enabledPromptSkills: 2,
      systemPrompt: '',
    });
  });
});
