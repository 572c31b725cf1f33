/** A git repository in a temp folder set up as a user's project, for the diff tests. */

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const checkout = new URL('../..', import.meta.url).pathname;

/** A git repository in a temp folder, as a user's project: `agent-tools`, `zod` and the MCP SDK installed (linked to this checkout's). */
export class TempRepo {
  readonly dir = mkdtempSync(join(tmpdir(), 'agent-tools-diff-repo-'));

  constructor(files: Record<string, string>) {
    const modules = join(this.dir, 'node_modules');
    mkdirSync(join(modules, '@modelcontextprotocol'), { recursive: true });
    symlinkSync(checkout, join(modules, 'agent-tools'));
    symlinkSync(join(checkout, 'node_modules/zod'), join(modules, 'zod'));
    symlinkSync(join(checkout, 'node_modules/@modelcontextprotocol/sdk'), join(modules, '@modelcontextprotocol/sdk'));
    this.write('.gitignore', 'node_modules/\n');
    this.write('package.json', '{ "name": "toolbox", "private": true, "type": "module" }\n');
    for (const [path, text] of Object.entries(files)) this.write(path, text);
    this.git('init', '-q', '-b', 'main');
    this.git('config', 'user.email', 'test@example.com');
    this.git('config', 'user.name', 'Test');
    this.git('config', 'commit.gpgsign', 'false');
    this.commit('base');
  }

  git(...args: string[]): string {
    return execFileSync('git', args, { cwd: this.dir, encoding: 'utf8' });
  }

  read(path: string): string {
    return readFileSync(join(this.dir, path), 'utf8');
  }

  write(path: string, text: string): void {
    mkdirSync(dirname(join(this.dir, path)), { recursive: true });
    writeFileSync(join(this.dir, path), text);
  }

  /** Replaces the one occurrence of `from` in `path` with `to`; throws when it is not there exactly once. */
  edit(path: string, from: string, to: string): void {
    const text = this.read(path);
    if (text.split(from).length !== 2) throw new Error(`${path}: expected one "${from}"`);
    this.write(path, text.replace(from, to));
  }

  remove(path: string): void {
    rmSync(join(this.dir, path));
  }

  commit(message: string): void {
    this.git('add', '-A');
    this.git('commit', '-q', '-m', message);
  }

  /** Where `needle` starts in `path` (1-based line and column), for the expected `file:line:col` of a tool. */
  at(path: string, needle: string): { file: string; line: number; column: number } {
    const text = this.read(path);
    const i = text.indexOf(needle);
    if (i < 0) throw new Error(`${path}: no "${needle}"`);
    const before = text.slice(0, i).split('\n');
    return { file: path, line: before.length, column: before[before.length - 1]!.length + 1 };
  }

  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
