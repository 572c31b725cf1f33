/** Process groups of script runs: alive, signalled, waited for and ended, on Linux by reading /proc. */

import { readdirSync, readFileSync } from 'node:fs';

/**
 * Whether any live (non-zombie) process is in process group `pgid`. On Linux it reads
 * `/proc/<pid>/stat` (a zombie has exited and holds no resources, and an init that does
 * not reap would otherwise make a group look alive forever); elsewhere `kill(-pgid, 0)`.
 */
export function groupAlive(pgid: number): boolean {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    try {
      process.kill(-pgid, 0);
      return true;
    } catch {
      return false;
    }
  }
  for (const e of entries) {
    if (!/^\d+$/.test(e)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${e}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // "pid (comm) state ppid pgrp ...": comm may hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] !== 'Z' && Number(fields[2]) === pgid) return true;
  }
  return false;
}

/** Sends `signal` to every process of group `pgid`; false when the group is gone. */
export function killGroup(pgid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

/** Resolves true once group `pgid` has no live process, or false after `limitMs`. Polls every 20 ms. */
export async function waitGroupGone(pgid: number, limitMs: number): Promise<boolean> {
  const until = Date.now() + limitMs;
  while (groupAlive(pgid)) {
    if (Date.now() >= until) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
}

/**
 * Ends process group `pgid`: SIGTERM (or what `term` sends; it returns false when there was
 * nothing to signal), up to `graceMs` for the group to go, then SIGKILL and up to 1 000 ms more.
 * Returns whether the group is gone.
 */
export async function terminateGroup(
  pgid: number,
  graceMs: number,
  term: () => boolean = () => killGroup(pgid, 'SIGTERM'),
): Promise<boolean> {
  if (!term()) return true;
  if (await waitGroupGone(pgid, graceMs)) return true;
  killGroup(pgid, 'SIGKILL');
  return waitGroupGone(pgid, 1000);
}

/** The live (non-zombie) processes with `name=value` in their environment, with their command names (Linux; elsewhere none). */
function processesWithEnv(name: string, value: string): { pid: number; comm: string }[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const needle = `${name}=${value}`;
  const found: { pid: number; comm: string }[] = [];
  for (const e of entries) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue;
      if (readFileSync(`/proc/${e}/environ`, 'latin1').split('\0').includes(needle))
        found.push({ pid: Number(e), comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) });
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}

/** Whether a live (non-zombie) process has `name=value` in its environment (Linux; elsewhere false). */
export function runAlive(name: string, value: string): boolean {
  return processesWithEnv(name, value).length > 0;
}

/**
 * Sends `signal` to every live process carrying `name=value` in its environment except
 * bubblewrap's own (a sandbox's init would end the whole sandbox at once): how a SIGTERM reaches
 * the processes of a sandboxed run, which sit in process groups and sessions of their own.
 */
export function signalRun(name: string, value: string, signal: NodeJS.Signals): void {
  for (const p of processesWithEnv(name, value)) {
    if (p.comm === 'bwrap') continue;
    try {
      process.kill(p.pid, signal);
    } catch {
      // gone meanwhile
    }
  }
}

/** Resolves true once no live process carries `name=value` in its environment (see {@link runAlive}), or false after `limitMs`. */
export async function waitRunGone(name: string, value: string, limitMs: number): Promise<boolean> {
  const until = Date.now() + limitMs;
  while (runAlive(name, value)) {
    if (Date.now() >= until) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
}
