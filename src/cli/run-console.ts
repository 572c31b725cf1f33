/** Runs `agent-tools console`: loads the tools module, starts the console on 127.0.0.1 and prints its URL. */

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { isPostgresLocation, maskStoreLocation, openSkillStore } from '../skills/store/store.js';
import { UsageError } from '../shared/errors.js';
import { loadToolsModule } from './load-tools-module.js';
import { routeConsoleToStderr } from './console-to-stderr.js';
import { scriptSandboxMode } from './script-sandbox-mode.js';
import { commandApprovalPolicy } from './reviewed-policy.js';
import { stopWhenParentExits } from './stop-on-signals.js';

/** Options of {@link runConsole}, as the `console` command parses them. */
export interface ConsoleCommandOptions {
  store: string;
  tools?: string;
  port?: string;
  open?: boolean;
  /** --unsandboxed: where bubblewrap cannot run, script skills tried on the page run without a sandbox. */
  unsandboxed?: boolean;
  /** --allow-foreign-tables: a SQLite store file may hold another application's tables. */
  allowForeignTables?: boolean;
}

/** Opens `url` in the desktop's browser (xdg-open, open, start); a failure is only noted. */
function openBrowser(url: string): void {
  const [cmd, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '', url]]
        : ['xdg-open', [url]];
  const child = spawn(cmd, args, { stdio: 'ignore', detached: true });
  child.on('error', (err) => process.stderr.write(`agent-tools: could not open a browser (${err.message}); open the URL yourself\n`));
  child.unref();
}

/**
 * `agent-tools console`: loads the tools module (when given), starts the console on
 * 127.0.0.1, prints its URL (with the access token) alone on stdout, and resolves when
 * Ctrl-C (SIGINT) or SIGTERM stops it, or the process that started it exits (`stopWhenParentExits`).
 *
 * Try it asks before a call that needs approval (an Approve / Deny dialog), with the `approval`
 * policy of agent-tools.config.json in the working folder.
 *
 * @throws {UsageError} for a bad port or one in use; {@link ConfigError} for a module that cannot
 *   be loaded or a malformed `approval` in the configuration.
 */
export async function runConsole(opts: ConsoleCommandOptions): Promise<number> {
  const given = opts.port ?? '0';
  const port = Number(given);
  if (!/^\d+$/.test(given) || port > 65535)
    throw new UsageError(`--port: expected a port number from 0 to 65535, received "${opts.port}"`, 'console');
  const { policy } = commandApprovalPolicy(process.cwd(), opts.tools);
  // A user's module that logs must not mix with the URL on stdout.
  routeConsoleToStderr();
  const loaded = opts.tools ? await loadToolsModule(opts.tools) : undefined;
  const { startConsole } = await import('../console/server.js');
  // a mistyped --store would open an empty store without a word: say that it is new (the skill commands refuse one)
  const fresh = !isPostgresLocation(opts.store) && !existsSync(opts.store);
  // a file that is no skill store is refused now, as the skill commands and serve refuse it, not by the page's first request
  if (!fresh && !isPostgresLocation(opts.store))
    await (await openSkillStore(opts.store, { allowForeignTables: opts.allowForeignTables === true })).close();
  let running;
  try {
    running = await startConsole({
      store: opts.store,
      allowForeignTables: opts.allowForeignTables === true,
      port,
      scriptSandbox: scriptSandboxMode(opts.unsandboxed),
      ...(policy ? { approval: policy } : {}),
      ...(loaded ? { toolbox: { module: opts.tools!, tools: loaded.tools, ...(loaded.getApi ? { getApi: loaded.getApi } : {}) } } : {}),
    });
  } catch (err) {
    if ((err as { listening?: boolean }).listening === false)
      throw new UsageError(`--port: cannot listen on 127.0.0.1:${port}: ${(err as Error).message}`, 'console');
    throw err;
  }
  process.stdout.write(`${running.url}\n`);
  process.stderr.write(
    `agent-tools: the skill console for ${maskStoreLocation(opts.store)}${opts.tools ? ` and ${opts.tools}` : ''} is at the URL above (it holds this launch's access token); Ctrl-C stops it\n`,
  );
  if (fresh)
    process.stderr.write(
      `agent-tools: there was no skill store at ${maskStoreLocation(opts.store)}: the console starts with no skills and keeps ` +
        'the ones you install there (check --store if you meant an existing store)\n',
    );
  if (opts.open) openBrowser(running.url);
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    // npx and npm run stop the shell they start, not this process: SIGTERM ourselves when the parent is gone
    stopWhenParentExits();
  });
  await running.close();
  process.stderr.write('agent-tools: console stopped\n');
  return 0;
}
