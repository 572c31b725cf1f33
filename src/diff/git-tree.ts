/** Writes the files of a git ref, as committed, to a temporary folder for the diff's base. */

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { closeMatches } from '../core/suggest.js';
import { UsageError } from '../shared/errors.js';

/**
 * Files of a tree that the static analysis may read: sources, declarations, package.json and tsconfig files; and
 * `.npmrc` and `*.patch` files, which may load code before agent-tools or change it (see `approvalGrants`).
 */
const READ = /\.(?:[cm]?[jt]s|[jt]sx|json|patch)$|(?:^|\/)\.npmrc$/;

/** A git tree written out to a temporary folder (see {@link writeGitTree}). */
export interface GitTree {
  /** The full commit id the ref named. */
  commit: string;
  /** The folder that stands for the working directory inside the written tree. */
  cwd: string;
  /** Removes the temporary folder. */
  remove(): void;
}

function git(args: string[], cwd: string, input?: string) {
  const r = spawnSync('git', args, { cwd, input, maxBuffer: 1 << 30 });
  if (r.error && (r.error as NodeJS.ErrnoException).code === 'ENOENT')
    throw new UsageError(
      '--base names a git ref, but git is not installed (or not on PATH); give a file from `export --format mcp` instead',
      'diff',
    );
  if (r.error) throw r.error;
  return { ok: r.status === 0, out: r.stdout, err: r.stderr.toString('utf8').trim() };
}

/**
 * Writes the files of git ref `ref`, as committed, to a new folder under the OS temp folder,
 * reading them with `git cat-file` (the object store: the working tree, the index and HEAD are
 * never touched, nothing is checked out). Only the files the analysis may read are written
 * (see `READ`; no `node_modules`); each `node_modules` folder of the working tree on the way
 * from the repository root to `cwd` is linked at the same place, so imports of installed
 * packages resolve as in the working tree (the base is read with the packages installed now).
 *
 * @param cwd the working directory, inside a git repository.
 * @throws {UsageError} when git is missing, `cwd` is not in a repository, or `ref` names no commit.
 */
export function writeGitTree(cwd: string, ref: string): GitTree {
  const top = git(['rev-parse', '--show-toplevel'], cwd);
  if (!top.ok) throw new UsageError(`--base ${ref}: no such file or folder, and ${cwd} is not in a git repository (${top.err})`, 'diff');
  const root = realpathSync(top.out.toString('utf8').trim());
  // a ref never starts with '-', and git would read one as an option
  const verified = ref.startsWith('-')
    ? { ok: false, out: Buffer.alloc(0) }
    : git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], root);
  if (!verified.ok) {
    // the branches and tags, for a did-you-mean (`--base mian`)
    const refs = git(['for-each-ref', '--format=%(refname:short)', 'refs/heads', 'refs/tags', 'refs/remotes'], root);
    const near = refs.ok ? closeMatches(ref, refs.out.toString('utf8').split('\n').filter(Boolean)) : [];
    throw new UsageError(
      `--base ${ref}: no such file or folder, and no commit of that name in the git repository at ${root}${near.length ? ` (did you mean ${near.join(', ')}?)` : ''}`,
      'diff',
    );
  }
  const commit = verified.out.toString('utf8').trim();
  const listed = git(['ls-tree', '-r', '-z', '--full-tree', commit], root);
  if (!listed.ok) throw new Error(`git ls-tree ${commit}: ${listed.err}`);
  const entries = listed.out
    .toString('utf8')
    .split('\0')
    .filter(Boolean)
    .map((line) => {
      const [meta, path] = [line.slice(0, line.indexOf('\t')), line.slice(line.indexOf('\t') + 1)];
      const [mode, type, id] = meta.split(' ') as [string, string, string];
      return { mode, type, id, path };
    })
    .filter((e) => e.type === 'blob' && READ.test(e.path) && !e.path.split('/').includes('node_modules'));
  const blobs = readBlobs(
    root,
    entries.map((e) => e.id),
  );
  const dir = mkdtempSync(join(tmpdir(), 'agent-tools-diff-base-'));
  try {
    entries.forEach((e, i) => {
      const target = join(dir, ...e.path.split('/'));
      mkdirSync(dirname(target), { recursive: true });
      if (e.mode === '120000') symlinkSync(blobs[i]!.toString('utf8'), target);
      else writeFileSync(target, blobs[i]!);
    });
    const inside = relative(root, realpathSync(cwd));
    const parts = inside === '' ? [] : inside.split(sep);
    for (let n = 0; n <= parts.length; n++) {
      const from = join(root, ...parts.slice(0, n), 'node_modules');
      const to = join(dir, ...parts.slice(0, n), 'node_modules');
      if (existsSync(from) && !existsSync(to)) {
        mkdirSync(dirname(to), { recursive: true });
        symlinkSync(from, to, 'junction');
      }
    }
    const at = join(dir, ...parts);
    mkdirSync(at, { recursive: true });
    return { commit, cwd: at, remove: () => rmSync(dir, { recursive: true, force: true }) };
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

/** The contents of blobs `ids`, in order, read in one `git cat-file --batch` run. */
function readBlobs(root: string, ids: readonly string[]): Buffer[] {
  if (ids.length === 0) return [];
  const r = git(['cat-file', '--batch'], root, `${ids.join('\n')}\n`);
  if (!r.ok) throw new Error(`git cat-file --batch: ${r.err}`);
  const out: Buffer[] = [];
  let at = 0;
  for (const id of ids) {
    const end = r.out.indexOf(0x0a, at);
    const header = r.out.subarray(at, end).toString('utf8').split(' ');
    if (header[0] !== id || header[1] !== 'blob') throw new Error(`git cat-file --batch: unexpected "${header.join(' ')}" for ${id}`);
    const size = Number(header[2]);
    out.push(r.out.subarray(end + 1, end + 1 + size));
    at = end + 1 + size + 1;
  }
  return out;
}
