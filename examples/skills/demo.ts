// The skills layer in one run: a built-in skill, a prompt skill, an HTTP tool skill (against a
// loopback server), a script skill and an MCP skill, switched on and off live.
// Run: npx tsx examples/skills/demo.ts
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { defineTool } from 'agent-tools';
import { toolsToAI } from 'agent-tools/ai';
import {
  createMcpSkill,
  defineSkill,
  parseSkillFile,
  skillFromFile,
  SkillRegistry,
  SkillRouter,
  type ExternalSkillFile,
} from 'agent-tools/skills';

const here = fileURLToPath(new URL('.', import.meta.url));
const bin = fileURLToPath(new URL('../../bin/agent-tools.js', import.meta.url));

function file(raw: unknown): ExternalSkillFile {
  const r = parseSkillFile(raw);
  if (!r.ok) throw new Error(r.problems.map((p) => `${p.path}: ${p.message}`).join('\n'));
  return r.skill;
}

/** Runs the demo and returns what it printed, line by line. */
export async function runDemo(print: (line: string) => void = console.log): Promise<void> {
  const weather = createServer((req, res) =>
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ city: decodeURIComponent(req.url!.split('/')[2]!.split('?')[0]!), tempC: 21 })),
  );
  await new Promise<void>((r) => weather.listen(0, '127.0.0.1', r));
  const port = (weather.address() as AddressInfo).port;

  const builtin = defineSkill({
    name: 'clock',
    description: 'Built-in: the time',
    tools: [
      defineTool({ name: 'now', mutates: false, description: 'The fixed demo time', params: {}, execute: () => '2026-01-01T00:00:00Z' }),
    ],
  });
  const tone = skillFromFile(
    file({
      kind: 'prompt',
      name: 'tone',
      description: 'Polite customer mail',
      triggers: ['email', '客户'],
      content: 'Write politely and briefly.',
    }),
  );
  const http = skillFromFile(
    file({
      kind: 'tool',
      name: 'get_weather',
      description: 'Weather for a city',
      params: { city: { type: 'string', required: true, description: 'City' } },
      executor: { type: 'http', method: 'GET', url: `http://127.0.0.1:${port}/weather/{city}` },
    }),
  );
  const script = skillFromFile(
    file({
      kind: 'tool',
      name: 'word_count',
      description: 'Counts words',
      params: { text: { type: 'string', required: true, description: 'Text' } },
      executor: {
        type: 'script',
        runtime: 'node',
        code: 'import fs from "node:fs"; const a = JSON.parse(fs.readFileSync(0, "utf8")); console.log(JSON.stringify({ words: a.text.split(/\\s+/).filter(Boolean).length }));',
      },
    }),
  );
  const mcpFile = file({
    kind: 'mcp',
    name: 'notes',
    description: 'Tools of an MCP server',
    server: { command: process.execPath, args: [bin, 'serve', `${here}notes-server.ts`, '--no-skills'] },
  });
  const mcp = mcpFile.kind === 'mcp' ? await createMcpSkill(mcpFile) : undefined;

  const registry = new SkillRegistry([builtin, tone, http, script, mcp!]);
  registry.on('change', () =>
    print(
      `  (change) visible tools: ${registry
        .activeTools()
        .map((t) => t.name)
        .join(', ')}`,
    ),
  );
  const router = new SkillRouter(registry);
  const call = async (name: string, args: unknown) => {
    const set = toolsToAI(registry); // rebuilt per request: it follows the registry
    const t = set[name] as unknown as { execute: (a: unknown, o: unknown) => Promise<unknown> };
    return JSON.stringify(await t.execute(args, { toolCallId: 'demo', messages: [] }));
  };

  print(`AI tool set: ${Object.keys(toolsToAI(registry)).join(', ')}`);
  print(`get_weather → ${await call('get_weather', { city: 'São Paulo' })}`);
  print(`word_count → ${await call('word_count', { text: 'one two three' })}`);
  print(`notes__shout → ${await call('notes__shout', { text: 'hello' })}`);
  print(`system prompt for "给客户写封 email": ${JSON.stringify(router.buildSystemPrompt('You are helpful.', '给客户写封 email'))}`);
  print('disable get_weather and notes:');
  registry.disable('get_weather');
  registry.disable('notes');
  print(`AI tool set: ${Object.keys(toolsToAI(registry)).join(', ')}`);
  print('disable tone (a prompt skill: no tool changes):');
  registry.disable('tone');
  print(`system prompt for "给客户写封 email": ${JSON.stringify(router.buildSystemPrompt('You are helpful.', '给客户写封 email'))}`);
  print('enable notes:');
  registry.enable('notes');
  print(`notes__shout → ${await call('notes__shout', { text: 'back' })}`);
  await mcp!.close();
  weather.close();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await runDemo();
