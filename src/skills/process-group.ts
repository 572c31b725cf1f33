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
 * Ends process group `pgid`: SIGTERM, up to `graceMs` for it to go, then SIGKILL and up to
 * 1 000 ms more. Returns whether the group is gone.
 */
export async function terminateGroup(pgid: number, graceMs: number): Promise<boolean> {
  if (!killGroup(pgid, 'SIGTERM')) return true;
  if (await waitGroupGone(pgid, graceMs)) return true;
  killGroup(pgid, 'SIGKILL');
  return waitGroupGone(pgid, 1000);
}
