/** Tests that `validate --fix` keeps a file's CRLF line endings and byte order mark. */

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempProject } from '../scaffold/project.js';

// validate --fix on a CRLF file writes only CRLF line endings, and a file that starts with a
// UTF-8 byte order mark keeps it; both are fixed in one run.
const TOOL = [
  "import { defineTool } from 'agent-tools';",
  '',
  'export const setFont = defineTool({',
  "  name: 'set_font',",
  "  description: 'Sets the font family of a text node.\\nUse it for headings.',",
  '  mutates: true,',
  '  destructive: false,',
  "  params: { family: { type: 'string', description: 'Font family name' } },",
  '  execute: () => ({}),',
  '});',
  '',
];

describe('C-26: --fix keeps the file form', { timeout: 90_000 }, () => {
  it('keeps CRLF line endings and a byte order mark, fixing both files in one run', () => {
    const dir = tempProject();
    mkdirSync(join(dir, 'tools'));
    const crlf = join(dir, 'tools/crlf.ts');
    const bom = join(dir, 'tools/bom.ts');
    writeFileSync(crlf, TOOL.join('\r\n'));
    writeFileSync(
      bom,
      `\uFEFF${TOOL.join('\n')
        .replace(/setFont/g, 'setFontBom')
        .replace("'set_font'", "'set_font_bom'")}`,
    );
    const r = runCli(dir, ['validate', '--profile', 'tools', '--fix', 'tools']);
    expect(r.stderr).toBe('');
    const fixedCrlf = readFileSync(crlf, 'utf8');
    const fixedBom = readFileSync(bom, 'utf8');
    // the jsdoc fix added a comment to each
    expect(fixedCrlf).toContain('/**');
    expect(fixedBom).toContain('/**');
    expect(fixedCrlf.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(fixedCrlf.split('\r\n').length).toBeGreaterThan(TOOL.length);
    expect(fixedBom.startsWith('\uFEFF')).toBe(true);
    expect(fixedBom.slice(1)).not.toContain('\uFEFF');
    expect(fixedBom).not.toContain('\r');
    const again = runCli(dir, ['validate', '--profile', 'tools', '--fix-dry-run', 'tools']);
    expect(again.stdout).toBe('');
  });
});
