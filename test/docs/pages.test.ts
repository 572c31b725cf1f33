/** Tests of README.md's length and first commands, clone-only commands marked as such, the CI setup, and docs/validate.md's workflow. */

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { codeBlocks, markdownFiles, root } from './markdown.js';

const readme = readFileSync(`${root}README.md`, 'utf8');

describe('README.md', () => {
  it('fits one screen of 150 lines and opens with the two commands CI reads', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(150);
    expect(codeBlocks(readme)[0]!.code).toBe(
      'npm install && npm start     # the main job: validate, export, serve and an agent session on the bundled example\n' +
        'npm install && npm test      # all tests',
    );
  });

  it('reaches the GitHub Actions setup with SARIF upload in at most three links', () => {
    expect(readme).toContain('(docs/validate.md#ci-recipe-github-actions-with-sarif-upload-and-annotations)');
  });
});

/** A command that runs only in a clone of agent-tools: one of its npm scripts, or a path of the repository not in the package. */
const CLONE_ONLY = /\b(?:npm (?:start|test)\b|npm run [\w:-]+|agent-tools \S+ [^`#]*\b(?:examples|fixtures)\/)/;

/**
 * The clone-only commands of a page that its section (heading to heading) does not first say are
 * "in a clone": in a code block (its `#` comments aside) or an inline code span, as `line: command`.
 */
function unmarkedCloneCommands(page: string): string[] {
  const found: string[] = [];
  let said = false;
  let fenced = false;
  page.split('\n').forEach((text, i) => {
    if (!fenced && /^#{1,6} /.test(text)) said = false;
    if (text.trimStart().startsWith('```')) {
      fenced = !fenced;
      return;
    }
    // an HTML comment is for whoever edits the page, not for its reader
    if (!fenced && text.trimStart().startsWith('<!--')) return;
    if (/\b(?:in|on) a (?:clean |fresh )?clone\b/i.test(text)) said = true;
    const spans = fenced ? [text.replace(/#.*$/, '')] : [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
    for (const span of spans) {
      const m = CLONE_ONLY.exec(span);
      if (m && !said) found.push(`${i + 1}: ${m[0]}`);
    }
  });
  return found;
}

describe('commands that work only in a clone of agent-tools', () => {
  it('are found where a section does not say so, and not where it does', () => {
    expect(unmarkedCloneCommands('## Quick start\n\n`npm start` runs the example.\n')).toEqual(['3: npm start']);
    expect(unmarkedCloneCommands('```sh\nnpx agent-tools validate examples/canvas\n```\n')).toEqual(['2: agent-tools validate examples/']);
    expect(unmarkedCloneCommands('## Quick start\n\nIn a clone, `npm start` runs it.\n## Next\n\n`npm run bench`\n')).toEqual([
      '6: npm run bench',
    ]);
    expect(unmarkedCloneCommands('`npx agent-tools validate tools` and `npm install agent-tools`\n')).toEqual([]);
  });

  // contributing.md is read in a clone: its commands are the clone's own
  const pages = markdownFiles().filter((f) => f !== 'docs/contributing.md');
  it.each(pages)('%s says "in a clone" before each, for a reader in their own project', (file) => {
    expect(unmarkedCloneCommands(readFileSync(`${root}${file}`, 'utf8'))).toEqual([]);
  });
});

describe('docs/validate.md', () => {
  it('shows the workflow that validate --init-ci writes, byte for byte', () => {
    const page = readFileSync(`${root}docs/validate.md`, 'utf8');
    const yaml = codeBlocks(page).find((b) => b.lang === 'yaml');
    expect(yaml!.code + '\n').toBe(readFileSync(`${root}templates/github-actions.yml`, 'utf8'));
  });
});
