import { describe, expect, it } from 'vitest';
import { runDemo } from './demo.js';

describe('the skills demo', { timeout: 90_000 }, () => {
  it('shows a built-in, a prompt, an HTTP, a script and an MCP skill switched on and off live', async () => {
    const lines: string[] = [];
    await runDemo((l) => lines.push(l));
    expect(lines).toEqual([
      'AI tool set: now, get_weather, word_count, notes__shout',
      'get_weather → {"city":"São Paulo","tempC":21}',
      'word_count → {"words":3}',
      'notes__shout → {"shouted":"HELLO"}',
      'system prompt for "给客户写封 email": "You are helpful.\\n\\n## Skill: tone\\nWrite politely and briefly."',
      'disable get_weather and notes:',
      '  (change) visible tools: now, word_count, notes__shout',
      '  (change) visible tools: now, word_count',
      'AI tool set: now, word_count',
      'disable tone (a prompt skill: no tool changes):',
      'system prompt for "给客户写封 email": "You are helpful."',
      'enable notes:',
      '  (change) visible tools: now, word_count, notes__shout',
      'notes__shout → {"shouted":"BACK"}',
    ]);
  });
});
