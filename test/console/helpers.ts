/** Helpers of the console tests: the CLI as a user runs it, a console on the example skills, raw HTTP requests. */

import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { startConsole, type ConsoleOptions, type RunningConsole } from '../../src/console/server.js';

export const root = new URL('../..', import.meta.url).pathname;
export const bin = `${root}bin/agent-tools.js`;
export const exampleSkills = `${root}examples/canvas/skills`;

/** `agent-tools <args>` in its own process, as a user types it; stdout, stderr and the exit code. */
export function cli(...args: string[]) {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A fresh store with the example skills installed by the CLI, and a console on it. */
export async function consoleOnExamples(options: Partial<ConsoleOptions> = {}): Promise<{ store: string; console: RunningConsole }> {
  const store = join(mkdtempSync(join(tmpdir(), 'console-')), 'skills.db');
  const r = cli('skill', 'install', exampleSkills, '--store', store);
  expect(r.stderr).toBe('');
  return { store, console: await startConsole({ store, ...options }) };
}

/** A raw HTTP request (node:http, so Host and Origin can be set as a browser or an attacker would). */
export function raw(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; json: any; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers ?? {} }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => {
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = text;
        }
        resolve({ status: res.statusCode ?? 0, json, headers: res.headers });
      });
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

/** An API client with the console's token, as the page calls it. */
export function api(c: RunningConsole) {
  const auth = { authorization: `Bearer ${c.token}` };
  return {
    get: async (path: string) => {
      const res = await fetch(`${c.origin}${path}`, { headers: auth });
      return { status: res.status, json: (await res.json()) as any };
    },
    post: async (path: string, body: unknown) => {
      const res = await fetch(`${c.origin}${path}`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, json: (await res.json()) as any };
    },
  };
}
