/** Tests that the optional peers are listed once, in docs/getting-started.md, and that README links there. */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { markdownFiles, root, withoutCode } from './markdown.js';

const HEADER = '| Optional peer | Needed by | Without it |';
const read = (file: string) => readFileSync(join(root, file), 'utf8');
const pkg = JSON.parse(read('package.json')) as { peerDependenciesMeta: Record<string, { optional?: boolean }> };
const optional = Object.keys(pkg.peerDependenciesMeta).filter((name) => pkg.peerDependenciesMeta[name]!.optional);

/**
 * One list of the optional peers: the table in docs/getting-started.md, a page of the docs site
 * and of the package (docs/*.md ships), so a link to it works on the site, on GitHub and in
 * node_modules; README, which the site does not build, links to it.
 */
describe('the optional peers', () => {
  it('are one table, in docs/getting-started.md, naming each optional peer of package.json', () => {
    const pages = markdownFiles().filter((f) => read(f).includes(HEADER));
    expect(pages).toEqual(['docs/getting-started.md']);
    const table = read('docs/getting-started.md').split(HEADER)[1]!.split('\n\n')[0]!;
    const named = [...table.matchAll(/^\| `([^`]+)`/gm)].map((m) => m[1]);
    expect(named.sort()).toEqual([...optional].sort());
  });

  it('has no second list of install lines beside the table (npm install <peer>) in README or getting-started.md', () => {
    for (const file of ['README.md', 'docs/getting-started.md'])
      for (const peer of optional) expect(read(file), `${file}: npm install ${peer}`).not.toMatch(new RegExp(`^npm install (-D )?${peer}\\b`, 'm'));
  });

  it('README links to the table', () => {
    expect(withoutCode(read('README.md'))).toContain('(docs/getting-started.md#optional-peers)');
    expect(read('docs/getting-started.md')).toMatch(/^## Optional peers$/m);
  });
});
