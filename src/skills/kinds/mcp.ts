/** The MCP skill kind: the tools of an MCP server (stdio or Streamable HTTP), checked against the tools accepted for it. */
import { mcpHeaderProblems } from '../mcp/mcp-headers.js';
import { mcpToolName } from '../mcp/mcp-tool-name.js';
import { mcpSkillSchema, type McpSkillFile } from '../files/skill-file-schema.js';
import type { StoredSkill } from '../store/store.js';
import { defineSkillKind } from './define-skill-kind.js';
import { originOf } from './tool-file.js';
import { cliCommand } from '../../shared/cli-command.js';

/** The server as one line: its URL, or its command and arguments. */
const serverLine = (file: McpSkillFile) =>
  'url' in file.server ? file.server.url : [file.server.command, ...(file.server.args ?? [])].join(' ');

export default defineSkillKind<McpSkillFile>({
  id: 'mcp',
  summary: 'the tools of an MCP server, checked against the tools accepted for it',
  fileKind: 'mcp',
  schema: mcpSkillSchema,
  problems: (raw) => mcpHeaderProblems(raw),
  build(file, { stored, options }) {
    // thrown at once (not a rejected promise): skillFromFile is synchronous
    if (!stored) throw new TypeError(`Skill "${file.name}" is an MCP skill; build it with createMcpSkill, which connects to its server`);
    // loaded only when an MCP skill is built: it brings the MCP client
    return import('../mcp/mcp-skill-stored.js').then(({ mcpSkillFromStored }) =>
      mcpSkillFromStored(stored as StoredSkill & { skill: McpSkillFile }, options),
    );
  },
  access: () => [],
  envTo: (file) =>
    'url' in file.server
      ? `sent in request headers to ${originOf(file.server.url)}`
      : `passed to the server process ${file.server.command}`,
  view(file, stored) {
    const pins = stored.toolPins;
    const accepted = pins ? { acceptedAt: pins.acceptedAt, tools: Object.keys(pins.tools) } : null;
    return {
      details: [
        `server: ${serverLine(file)}`,
        `tools: ${file.tools?.join(', ') ?? '(all)'}`,
        // what a connection checks the server's tools against ('skill refresh' reviews and accepts changes)
        pins
          ? `tools accepted: ${Object.keys(pins.tools).length} at ${pins.acceptedAt || '(unreadable)'} (review changes: ${cliCommand(`skill refresh ${file.name} --dry-run`)})`
          : 'tools accepted: none yet (its first connection records the tools it lists)',
      ],
      json: { acceptedTools: accepted },
      triggers: [],
      tools: (file.tools ?? []).map((t) => mcpToolName(file.name, t)),
      runs: `mcp: ${serverLine(file)}`,
      sandbox: [],
    };
  },
  try: {
    tools: 'server',
    from: (file) => `skill ${file.name} (MCP)`,
    rules: (file) => [
      `Runs on the skill's MCP server (${serverLine(file)}); the console only forwards the validated arguments with tools/call.`,
    ],
    off: 'MCP skill switched off: switch it on to start its server and try its tools',
  },
});
