/** The bubblewrap sandbox of a script run: what this machine supports and the bwrap command line. */

import { execFile } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { findRuntime } from './script-runtime.js';

/** Where the skill's code is inside the sandbox (read-only), and its private writable temp folder (its HOME and working directory). */
export const SANDBOX_SKILL_DIR = '/skill';
export const SANDBOX_TEMP_DIR = '/tmp';
/** The user and group a script runs as inside the sandbox (`nobody`), mapped to the caller's own outside. */
const SANDBOX_UID = '65534';

/** The top-level folders of the system that the sandbox shows read-only (as links where the system has them as links). */
const SYSTEM_DIRS = ['usr', 'bin', 'sbin', 'lib', 'lib32', 'lib64', 'libx32'];
/**
 * The entries of /etc a runtime needs: the dynamic loader's cache, the alternatives links
 * (`/usr/bin/awk` points through them), time zone, certificates, Python's site settings.
 * Not shown: passwords, users, host keys, or anything else of /etc.
 */
const ETC_ENTRIES = ['ld.so.cache', 'ld.so.conf', 'ld.so.conf.d', 'alternatives', 'localtime', 'ssl', 'ca-certificates', 'pki'];
/** Added to {@link ETC_ENTRIES} for a skill that declares `network: true`: name resolution. */
const ETC_NETWORK_ENTRIES = ['resolv.conf', 'hosts', 'nsswitch.conf', 'host.conf', 'gai.conf', 'services', 'protocols'];

/** Whether scripts can be sandboxed here, and how: the bwrap path and the namespace flags that worked. */
export type SandboxSupport = { ok: true; bwrap: string; flags: string[] } | { ok: false; reason: string };

function etcEntries(network: boolean): string[] {
  let python: string[] = [];
  try {
    python = readdirSync('/etc').filter((e) => /^python3(\.\d+)?$/.test(e));
  } catch {
    // no /etc to show
  }
  return [...ETC_ENTRIES, ...python, ...(network ? ETC_NETWORK_ENTRIES : [])];
}

const mountCache = new Map<boolean, string[]>();

/**
 * The mounts of the system view: /usr and its companions read-only (links kept as links),
 * selected /etc entries, new /proc and /dev. Read from the disk once per process.
 */
function systemMounts(network: boolean): string[] {
  const hit = mountCache.get(network);
  if (hit) return hit;
  const args: string[] = [];
  for (const d of SYSTEM_DIRS) {
    const p = `/${d}`;
    let st;
    try {
      st = lstatSync(p);
    } catch {
      continue;
    }
    if (st.isSymbolicLink()) args.push('--symlink', readlinkSync(p), p);
    else if (st.isDirectory()) args.push('--ro-bind', p, p);
  }
  for (const e of etcEntries(network)) args.push('--ro-bind-try', `/etc/${e}`, `/etc/${e}`);
  args.push('--proc', '/proc', '--dev', '/dev');
  mountCache.set(network, args);
  return args;
}

/** Where a runtime that lives outside /usr is shown inside the sandbox: `<prefix>/<n>/bin/<name>` and `<prefix>/<n>/lib`. */
const SANDBOX_RUNTIME_DIR = '/run/runtime';

/**
 * The runtime's own files when they are not under /usr (a Node.js or Python installed in
 * /opt, in a version manager's folder, under the home folder): the executable and the `lib`
 * folder beside its `bin` folder (Python's standard library), both read-only, at a neutral
 * path ({@link SANDBOX_RUNTIME_DIR}) rather than their own, so a runtime under the home folder
 * or the project shows no path of either inside the sandbox. Never a whole home folder or /.
 * Returns the mounts and the executable's path inside.
 */
function runtimeMounts(exe: string, slot: number): { args: string[]; inside: string } {
  if (exe.startsWith('/usr/')) return { args: [], inside: exe };
  const at = `${SANDBOX_RUNTIME_DIR}/${slot}`;
  const inside = `${at}/bin/${basename(exe)}`;
  const args = ['--ro-bind', exe, inside];
  const prefix = dirname(dirname(exe));
  const lib = join(prefix, 'lib');
  if (prefix !== '/' && prefix !== homedir() && !lib.startsWith('/usr/') && existsSync(lib)) args.push('--ro-bind', lib, `${at}/lib`);
  return { args, inside };
}

let inherited: number[] | undefined;

/**
 * File descriptors above 2 that this process would pass on to a child: opened without
 * close-on-exec, which in a Node.js process means inherited from its own parent (Node.js and
 * its libraries open every descriptor close-on-exec). Read once, from /proc/self/fdinfo.
 */
export function inheritableFds(): number[] {
  inherited ??= scanFds();
  return inherited;
}

function scanFds(): number[] {
  let fds: string[];
  try {
    fds = readdirSync('/proc/self/fd');
  } catch {
    return [];
  }
  const open: number[] = [];
  for (const f of fds) {
    const fd = Number(f);
    if (!(fd > 2)) continue;
    try {
      const flags = /^flags:\s*([0-7]+)/m.exec(readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8'));
      if (flags && (parseInt(flags[1]!, 8) & 0o2000000) === 0) open.push(fd);
    } catch {
      // closed meanwhile (the readdir's own descriptor)
    }
  }
  return open;
}

/** What {@link sandboxCommand} builds a bwrap command line from. */
export interface SandboxPlan {
  support: Extract<SandboxSupport, { ok: true }>;
  /** The runtime's real executable (see `resolveRuntimeExecutable`). */
  exe: string;
  /** The script's file name inside {@link SANDBOX_SKILL_DIR}; its text comes from file descriptor 3. */
  fileName: string;
  /** The skill declares `network: true`: the host's network is shared, with name resolution. */
  network: boolean;
}

/**
 * The bwrap command that runs one script: every namespace new (user, PID, IPC, UTS, cgroup,
 * and network unless declared), no new user namespaces inside, a new session (no terminal
 * injection), killed with its whole PID namespace when its parent dies; the system read-only,
 * the runtime's own files read-only, the code read-only at `/skill/<file>` (copied from file
 * descriptor 3, so no host file holds it), a private writable tmpfs at `/tmp` (HOME and
 * working directory), and nothing else of the machine: no home folder, no project, no store.
 * Descriptors the parent passes on by mistake are closed before the runtime starts.
 */
export function sandboxCommand(plan: SandboxPlan): { file: string; args: string[] } {
  const { support, exe, fileName, network } = plan;
  const script = `${SANDBOX_SKILL_DIR}/${fileName}`;
  const leaked = inheritableFds();
  const bash = findRuntime('bash', '/usr/bin:/bin');
  const runtime = runtimeMounts(exe, 0);
  // bwrap sets PWD after --chdir; env drops it (and what a shell would add) so the script's
  // environment is exactly the minimal one the executor built.
  const clean = ['/usr/bin/env', '-u', 'PWD', '-u', 'OLDPWD', '-u', 'SHLVL', '-u', '_'];
  const shell = leaked.length > 0 && 'path' in bash ? runtimeMounts(bash.path, 1) : undefined;
  const command = shell
    ? [shell.inside, '-c', `exec ${leaked.map((fd) => `${fd}>&-`).join(' ')}; exec ${clean.join(' ')} "$@"`, 'bash', runtime.inside, script]
    : [...clean, runtime.inside, script];
  const args = [
    ...support.flags,
    ...(network ? ['--share-net'] : []),
    '--die-with-parent',
    '--new-session',
    ...systemMounts(network),
    ...runtime.args,
    ...(shell?.args ?? []),
    '--tmpfs',
    SANDBOX_TEMP_DIR,
    '--perms',
    '0444',
    '--ro-bind-data',
    '3',
    script,
    '--remount-ro',
    '/',
    '--chdir',
    SANDBOX_TEMP_DIR,
    '--',
    ...command,
  ];
  return { file: support.bwrap, args };
}

/**
 * The namespace flags to try, strongest first: a user namespace as `nobody` with no nested ones; without the last (bwrap before 0.8);
 * without a user namespace of our own (root where user namespaces are refused).
 */
const FLAG_SETS = [
  ['--unshare-all', '--unshare-user', '--uid', SANDBOX_UID, '--gid', SANDBOX_UID, '--disable-userns'],
  ['--unshare-all', '--unshare-user', '--uid', SANDBOX_UID, '--gid', SANDBOX_UID],
  ['--unshare-all'],
];

function tryFlags(bwrap: string, flags: string[]): Promise<string | undefined> {
  const tru = findRuntime('bash', '/usr/bin:/bin');
  const cmd = 'path' in tru ? [tru.path, '-c', 'exit 0'] : ['/usr/bin/true'];
  const args = [
    ...flags,
    '--die-with-parent',
    '--new-session',
    ...systemMounts(false),
    '--tmpfs',
    '/tmp',
    '--remount-ro',
    '/',
    '--',
    ...cmd,
  ];
  return new Promise((resolve) =>
    execFile(bwrap, args, { timeout: 10_000, encoding: 'utf8', env: {} }, (err, _out, stderr) =>
      resolve(err ? (stderr.trim() || err.message).split('\n')[0] : undefined),
    ),
  );
}

let probed: Promise<SandboxSupport> | undefined;

/**
 * Whether script skills can run in a sandbox here: `bwrap` (bubblewrap) found on PATH (or
 * at `AGENT_TOOLS_BWRAP`) and a
 * trial run with the namespaces the sandbox uses succeeding. Asked once per process (a few
 * milliseconds); where user namespaces are restricted (some container runtimes, Ubuntu's
 * AppArmor setting for unprivileged ones) the reason bwrap gave is kept.
 */
export function sandboxSupport(): Promise<SandboxSupport> {
  probed ??= (async (): Promise<SandboxSupport> => {
    if (process.platform !== 'linux') return { ok: false, reason: `bubblewrap runs only on Linux (this is ${process.platform})` };
    const found = findBwrap();
    if ('reason' in found) return { ok: false, reason: found.reason };
    let first: string | undefined;
    for (const flags of FLAG_SETS) {
      const err = await tryFlags(found.path, flags);
      if (err === undefined) return { ok: true, bwrap: found.path, flags };
      first ??= err;
    }
    return { ok: false, reason: `bubblewrap cannot create its namespaces here: ${first}` };
  })();
  return probed;
}

/** The variable naming the bwrap program to use instead of the one on PATH (an empty or missing file means: no sandbox here). */
export const BWRAP_ENV = 'AGENT_TOOLS_BWRAP';

function findBwrap(): { path: string } | { reason: string } {
  const given = process.env[BWRAP_ENV];
  if (given !== undefined)
    return given && existsSync(given) ? { path: given } : { reason: `bubblewrap is not at ${BWRAP_ENV}=${JSON.stringify(given)}` };
  for (const d of `${process.env.PATH ?? ''}:/usr/bin:/bin`.split(':')) {
    if (d && existsSync(join(d, 'bwrap'))) return { path: join(d, 'bwrap') };
  }
  return { reason: 'bubblewrap (bwrap) is not installed' };
}
