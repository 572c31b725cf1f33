/** Starts the skill console: an HTTP server on 127.0.0.1 serving the page and its API. */

import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import type { ApprovalPolicy } from '../core/approval.js';
import type { ToolsInput } from '../runtime/tool-source.js';
import { isPostgresLocation } from '../skills/store/store.js';
import { nodeSqlite } from '../skills/store/sqlite-driver.js';
import { keepIdleConnections } from '../util/keep-alive.js';
import { assetRoutes } from './assets.js';
import { guard } from './guard.js';
import { catalogRoutes } from './routes/catalog.js';
import { routeRoutes } from './routes/route.js';
import { skillRoutes } from './routes/skills.js';
import { toolRoutes } from './routes/tools.js';
import { McpConnections } from './mcp-connections.js';
import { ConsoleStore } from './store-access.js';
import type { ConsoleInfo } from './page/api-types.js';

/** A tools module the console shows in Try it and Catalog, loaded by the caller (the CLI). */
export interface ConsoleToolbox {
  /** The module path as the user gave it. */
  module: string;
  tools: ToolsInput;
  getApi?: () => unknown;
}

/** Options of {@link startConsole}. */
export interface ConsoleOptions {
  /** The skill store: a SQLite file or a postgres:// URL. */
  store: string;
  toolbox?: ConsoleToolbox;
  /** TCP port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
  /** The access token; default 32 random bytes, base64url. */
  token?: string;
  /** How script skills tried on the page are isolated (see `ScriptRunOptions.sandbox`); default `required`. */
  scriptSandbox?: 'required' | 'preferred';
  /** The approval policy Try it applies (the CLI reads it from agent-tools.config.json); a toolbox registry's own applies after it. */
  approval?: ApprovalPolicy;
  /** A SQLite store file may hold another application's tables (`--allow-foreign-tables`); refused by default. */
  allowForeignTables?: boolean;
}

/** A running console. */
export interface RunningConsole {
  /** `http://127.0.0.1:<port>/?token=<token>`: the URL to open. */
  url: string;
  origin: string;
  port: number;
  token: string;
  /** Stops listening, ends open connections, closes the MCP skills' connections (ending their servers) and the store. */
  close(): Promise<void>;
}

/**
 * Starts the skill console: an HTTP server on 127.0.0.1 only, serving the page and its API
 * for one skill store (and optionally one toolbox). Every API call needs the per-launch
 * token; Host and Origin are checked (see `guard`).
 *
 * @throws {SkillStoreError} when a PostgreSQL store cannot be reached, or a SQLite store's built-in
 *   driver (`node:sqlite`, Node.js 22.13+) is missing.
 * @throws {Error} with the OS code (e.g. `EADDRINUSE`) when it cannot listen on the port.
 */
export async function startConsole(options: ConsoleOptions): Promise<RunningConsole> {
  const token = options.token ?? randomBytes(32).toString('base64url');
  const store = new ConsoleStore(options.store, { allowForeignTables: options.allowForeignTables === true });
  const connections = new McpConnections();
  // A PostgreSQL store is always there: reach it now, so a bad URL or login is said at start.
  if (isPostgresLocation(options.store)) await store.forWriting();
  // A SQLite store needs the built-in driver: a Node.js without it is said at start, not as an API error.
  else nodeSqlite();
  let port = 0;
  const app = new Hono();
  app.use(
    '*',
    guard(token, () => port),
  );
  app.get('/api/console', (c) => c.json({ store: store.shown, toolbox: options.toolbox?.module ?? null } satisfies ConsoleInfo));
  app.route('/api/skills', skillRoutes(store));
  app.route(
    '/api/tools',
    toolRoutes(store, options.toolbox, connections, { sandbox: options.scriptSandbox ?? 'required' }, options.approval),
  );
  app.route('/api/route', routeRoutes(store));
  app.route('/api/catalog', catalogRoutes(options.toolbox));
  app.route('/', assetRoutes());
  app.notFound((c) => c.json({ error: `no such page: ${c.req.path}` }, 404));
  app.onError((err, c) => c.json({ error: `internal error: ${err.message}` }, 500));
  const server = await new Promise<ServerType>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: options.port ?? 0, hostname: '127.0.0.1' }, () => resolve(s));
    s.once('error', reject);
  }).catch(async (err: unknown) => {
    await store.close();
    throw Object.assign(err as Error, { listening: false });
  });
  port = (server.address() as AddressInfo).port;
  // Idle keep-alive sockets stay open longer than a browser or fetch keeps them.
  keepIdleConnections(server);
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/?token=${token}`,
    origin,
    port,
    token,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
      await connections.closeAll();
      await store.close();
    },
  };
}
