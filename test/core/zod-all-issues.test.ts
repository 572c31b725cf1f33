/** Tests that a zod input's refusal lists every problem at once: the params' checks and the zod-only ones, on zod 4 and zod 3. */

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defineTool, parseArgs } from '../../src/index.js';

const root = new URL('../..', import.meta.url).pathname;
type Z = Record<string, (...a: unknown[]) => never>;
const s = (x: unknown) => x as Z;

/** `z.object({ title: z.string().min(1), size: z.number().int().max(72), ... })` built with the zod copy `copy`. */
async function cardTool(copy: string) {
  const { z } = (await import(join(root, 'node_modules', copy, 'index.js'))) as { z: Z };
  const input = z.object!({
    title: s(s(z.string!()).min!(1)).describe!('Card title'),
    size: s(s(s(z.number!()).int!()).max!(72)).describe!('Font size in px'),
    email: s(s(s(z.string!()).email!()).optional!()).describe!('Reply address'),
    box: s(s(z.object!({ w: s(s(z.number!()).min!(0)).describe!('Width in px') })).optional!()).describe!('Box'),
  });
  return defineTool({ name: 'make_card', description: 'Make a card.', input, execute: (_a: unknown, args: unknown) => args });
}

describe('a zod input refused: every problem at once', () => {
  for (const copy of ['zod', 'zod-v3']) {
    it(`${copy}: { title: '', size: 100 } names both title (its min length) and size (its max), in the params' words`, async () => {
      const r = parseArgs(await cardTool(copy), { title: '', size: 100 });
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.issues.map((i) => i.path)).toEqual(['title', 'size']);
      expect(r.issues[1]!.message).toBe('expected a number <= 72, received number 100');
      // a string's .min() is a param's min length now, checked by the params policy for zod 3 and zod 4 alike
      expect(r.issues[0]!.message).toBe('expected at least 1 character, received 0 characters (string "")');
      expect(r.error.split('\n')).toEqual([
        'Invalid arguments for tool "make_card":',
        `- title: ${r.issues[0]!.message}`,
        '- size: expected a number <= 72, received number 100',
      ]);
    });

    it(`${copy}: a zod-only problem, a nested one and an unknown key come with the params' problem, in property order`, async () => {
      const r = parseArgs(await cardTool(copy), { size: '7.5', email: 'nope', title: 'ok', box: { w: -1 }, colour: 'red' });
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.issues.map((i) => i.path)).toEqual(['size', 'email', 'box.w', 'colour']);
      expect(r.issues[0]!.message).toBe('expected an integer, received number 7.5');
    });

    it(`${copy}: an argument the params coerce ("12") is not blamed by zod when another one is refused`, async () => {
      const r = parseArgs(await cardTool(copy), { title: 'Hi', size: '12', email: 'nope@' });
      expect(r.ok ? [] : r.issues.map((i) => i.path)).toEqual(['email']);
      const t = parseArgs(await cardTool(copy), { title: '', size: '200' });
      expect(t.ok ? [] : t.issues.map((i) => i.path)).toEqual(['title', 'size']);
    });

    it(`${copy}: an exclusive bound (.gt(0), .lt(1)) is said as one: > 0, < 1`, async () => {
      const { z } = (await import(join(root, 'node_modules', copy, 'index.js'))) as { z: Z };
      const input = z.object!({ ratio: s(s(s(z.number!()).gt!(0)).lt!(1)).describe!('A ratio strictly between 0 and 1') });
      const tool = defineTool({ name: 'set_ratio', description: 'Set a ratio.', input, execute: (_a: unknown, args: unknown) => args });
      const said = (ratio: number) => {
        const r = parseArgs(tool, { ratio });
        return r.ok ? 'ok' : r.issues.map((i) => `${i.path}: ${i.message}`);
      };
      // zod 3's issues come in its own words, which say the bound right too
      const v3 = copy === 'zod-v3';
      expect([said(0), said(1), said(0.5)]).toEqual([
        [v3 ? 'ratio: Number must be greater than 0' : 'ratio: expected a number > 0, received number 0'],
        [v3 ? 'ratio: Number must be less than 1' : 'ratio: expected a number < 1, received number 1'],
        'ok',
      ]);
    });
  }
});
