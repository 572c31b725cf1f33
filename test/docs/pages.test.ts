/** Tests of README.md's length and first commands, the way to the CI setup, and the workflow shown in docs/validate.md. */

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { codeBlocks, root } from './markdown.js';

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

describe('docs/validate.md', () => {
  it('shows the workflow that validate --init-ci writes, byte for byte', () => {
    const page = readFileSync(`${root}docs/validate.md`, 'utf8');
    const yaml = codeBlocks(page).find((b) => b.lang === 'yaml');
    expect(yaml!.code + '\n').toBe(readFileSync(`${root}templates/github-actions.yml`, 'utf8'));
  });
});
