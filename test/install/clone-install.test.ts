// `npm install` in a clone of the repository: every dependency's install script is reviewed in
// package.json's allowScripts (npm 11.16+ lists the unreviewed ones after each install, and npm 12
// blocks them), so a contributor's first command prints no warning to act on.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { root } from '../docs/markdown.js';

const npmVersion = spawnSync('npm', ['--version'], { encoding: 'utf8' }).stdout.trim();
// `npm install-scripts` and the allowScripts review came with npm 11.16; an older npm neither has
// the command nor prints the warning.
const [major = 0, minor = 0] = npmVersion.split('.').map(Number);
const reviews = major > 11 || (major === 11 && minor >= 16);

describe('npm install in a clone', () => {
  it.skipIf(!reviews)(`leaves no dependency install script unreviewed (npm install-scripts ls; npm ${npmVersion})`, () => {
    const r = spawnSync('npm', ['install-scripts', 'ls'], { cwd: root, encoding: 'utf8', timeout: 60_000 });
    expect([r.status, r.stdout.trim()], r.stderr).toEqual([0, 'No packages with unreviewed install scripts.']);
  });
});
