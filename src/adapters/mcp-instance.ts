/** One SDK v2 `McpServer` instance of a served toolbox, with our handlers for tools, prompts, resources and completion. */

import { McpServer } from '@modelcontextprotocol/server';
import { serveCompletion } from './mcp-completion.js';
import { handlePrompts } from './mcp-prompts.js';
import { serveResources } from './mcp-resources.js';
import type { ServedToolbox } from './mcp-toolbox.js';
import { serveTools } from './mcp-tools.js';
import { assertKnownOptions } from '../core/known-options.js';

/**
 * The 2025-era revisions an `initialize` may settle on, newest first (the 2026-07-28 revision is
 * added by the SDK's serving helpers). 2025-03-26 is left out: it requires a server to receive
 * JSON-RPC batches (spec 2025-03-26, basic: "MUST support receiving JSON-RPC batches"), which
 * the SDK v2 does not parse and our screen refuses with -32600 (2025-06-18 removed them); a
 * client asking for it is offered 2025-11-25 instead, as negotiation prescribes. 2024-11-05 and
 * 2024-10-07 define no batches and stay.
 */
export const LEGACY_REVISIONS = ['2025-11-25', '2025-06-18', '2024-11-05', '2024-10-07'] as const;

/** How one server instance is used (see {@link createInstance}). */
export interface InstanceOptions {
  /**
   * Send `notifications/*\/list_changed` from this instance while it is connected (a stdio
   * connection, a 2025 HTTP session): true. An instance that serves one HTTP request and is
   * closed with it leaves notifications to the HTTP handler: false.
   */
  follow?: boolean;
  /** Whether a 2025-era client can answer server-to-client requests here (false: a 2025 HTTP request without a session). */
  canPush?: boolean;
}

/** Every option name of `createServer`. */
const INSTANCE_OPTION_NAMES = { follow: true, canPush: true } as const satisfies Record<keyof InstanceOptions, true>;

/**
 * One SDK v2 `McpServer` for `toolbox`: our own handlers for tools (one converter: the
 * `tools/list` entries are `toMcpTool`'s), prompts, completion and `logging/setLevel` on its
 * low-level `Server`; the SDK's resource registry for resources. Capabilities: `tools`
 * (listChanged) and `logging` always; `prompts` (listChanged) when prompts are served;
 * `resources` (listChanged, subscribe) when resources are; `completions` with either; the skills
 * extension (SEP-2640, with `resources`) when skills are. The `requestState` of 2026-07-28
 * input rounds is verified with the toolbox's key.
 */
export function createInstance(toolbox: ServedToolbox, options: InstanceOptions = {}): McpServer {
  assertKnownOptions('createServer', options, INSTANCE_OPTION_NAMES);
  const o = toolbox.options;
  const resources = (o.resources?.length ?? 0) > 0;
  const mcp = new McpServer(
    { name: o.name, version: o.version },
    {
      capabilities: {
        tools: { listChanged: true },
        logging: {},
        ...(o.prompts ? { prompts: { listChanged: true } } : {}),
        ...(resources ? { resources: { listChanged: true, subscribe: true } } : {}),
        ...(o.prompts || resources ? { completions: {} } : {}),
      },
      ...(o.instructions ? { instructions: o.instructions } : {}),
      supportedProtocolVersions: [...LEGACY_REVISIONS],
      // the SDK's codec (createRequestStateCodec) returns closures that use no `this`
      // eslint-disable-next-line @typescript-eslint/unbound-method
      requestState: { verify: toolbox.suspended.codec.verify },
    },
  );
  const server = mcp.server;
  const canPush = options.canPush ?? true;
  const levels = o.logLevel ?? { level: undefined };
  serveTools(server, toolbox, levels, canPush);
  server.setRequestHandler('logging/setLevel', (request) => {
    levels.level = request.params.level;
    return {};
  });
  if (o.prompts) handlePrompts(server, o.prompts, toolbox, canPush);
  if (resources) serveResources(mcp, toolbox, canPush);
  if (o.prompts || resources) serveCompletion(server, o.prompts, o.resources);
  o.skills?.extension.attach(mcp);
  if (options.follow) {
    let seen = false;
    const off = toolbox.onListChanged((kind) => {
      if (server.transport === undefined) {
        if (seen) off(); // closed: stop listening
        return;
      }
      seen = true;
      if (kind === 'skills') return; // the SDK's skill catalog tells connected instances itself
      const send =
        kind === 'tools'
          ? server.sendToolListChanged()
          : kind === 'prompts'
            ? server.sendPromptListChanged()
            : server.sendResourceListChanged();
      Promise.resolve(send).catch(() => undefined); // the client is gone
    });
  }
  return mcp;
}
