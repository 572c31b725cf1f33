/** Tests that every relative link and anchor in README.md and docs/ resolves. */

import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchorsOf, links, markdownFiles, root } from './markdown.js';

describe('links in README.md and docs/', () => {
  const files = markdownFiles();

  it('finds the pages', () => {
    expect(files).toContain('README.md');
    expect(files).toContain('docs/cli.md');
  });

  it("makes a heading's anchor as GitHub does: escaped brackets and inline code are text, HTML tags are not", () => {
    const page = [
      '## diff(paths, options) → Promise\\<DiffResult>',
      '### The input schema (`toInputSchema`)',
      '## Tiers <a id="tiers"></a>',
      '```md',
      '## not a heading',
      '```',
    ].join('\n');
    expect([...anchorsOf(page)]).toEqual(['diffpaths-options--promisediffresult', 'the-input-schema-toinputschema', 'tiers']);
  });

  it('every relative link and anchor resolves', () => {
    const broken: string[] = [];
    for (const file of files) {
      const text = readFileSync(join(root, file), 'utf8');
      for (const { target, line } of links(text)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
        const [path = '', hash] = target.split('#');
        const abs = path === '' ? join(root, file) : join(root, dirname(file), decodeURI(path));
        const where = `${file}:${line}: ${target}`;
        if (!existsSync(abs)) {
          broken.push(`${where} (no such file: ${relative(root, abs)})`);
          continue;
        }
        if (hash !== undefined && statSync(abs).isFile() && abs.endsWith('.md') && !anchorsOf(readFileSync(abs, 'utf8')).has(decodeURIComponent(hash))) {
          broken.push(`${where} (no heading with anchor #${hash} in ${relative(root, abs)})`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});
