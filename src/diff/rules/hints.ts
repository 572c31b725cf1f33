/** The diff rules for tool hints: became mutating, became destructive, approval relaxed, hints relaxed or stricter. */

import { defineDiffRule } from '../define-rule.js';
import { getNode, hints, setFont } from './example.js';

/**
 * Rules about a tool's behaviour hints (MCP `ToolAnnotations`, spec revision 2025-06-18). They
 * compare the values a client acts on: a hint left out counts as the spec's default
 * (`readOnlyHint` false, `destructiveHint` true, `idempotentHint` false, `openWorldHint`
 * true), and `destructiveHint` and `idempotentHint` count only for a tool that is not read-only.
 */

const FAMILY = { family: { type: 'string', description: 'Font family' } };

export const becameMutating = defineDiffRule({
  id: 'became-mutating',
  class: 'breaking',
  title: 'A read-only tool is no longer read-only.',
  summary:
    'Clients and people may have allowed the tool to run without asking because it only read; it now changes things. Its other hints, which count only for a tool that is not read-only, are in the message.',
  message: '`{{tool}}` is no longer read-only (readOnlyHint true → false{{detail}})',
  example: {
    before: [getNode({ annotations: hints(true, false, true, false) })],
    after: [getNode({ annotations: hints(false, false, true, false) })],
  },
});

export const becameDestructive = defineDiffRule({
  id: 'became-destructive',
  class: 'breaking',
  title: 'A tool that changed things without destroying them is now destructive (or no longer says it is not).',
  summary:
    'Clients that let it run without confirmation, trusting `destructiveHint: false`, may now delete or overwrite data. A mutating tool that leaves `destructiveHint` out is destructive, as the spec says.',
  message: '`{{tool}}` is now destructive (destructiveHint false → true)',
  example: {
    before: [setFont(FAMILY, { annotations: hints(false, false, true, false) })],
    after: [setFont(FAMILY, { annotations: hints(false, true, true, false) })],
  },
});

export const approvalRelaxed = defineDiffRule({
  id: 'approval-relaxed',
  class: 'breaking',
  title:
    'A tool that was asked about before it ran no longer is: it became read-only, a destructive tool now says it is not, or its `needsApproval` or an approval rule lets it run unasked; or a new destructive tool runs unasked from the start.',
  summary:
    'Calls are unchanged, but approval is switched off: agent-tools asks before a destructive tool, and clients confirm tools that are not read-only. A person must check that the tool really is as safe as it now says (a deleting tool marked `mutates: false` runs unasked), so this fails the check like a breaking change; `--allow-breaking` accepts it.',
  details: [
    'Read from source on both sides (a git ref or a folder as the base), the same holds for what tools/list does not carry: `needsApproval: false` or a function in place of asking, an `allow` rule that now names the tool (in agent-tools.config.json or in an `approval` passed to `createRegistry`, `toolsToAI`, `createMcpServer`, `toolsToCommands` or `runTool`, in the tools or in a file that imports them, directly or through other files such as a re-export, under any name a file gives those functions: an import alias, `const mk = toolsToAI`, `.call`, `.bind`; a use of one that cannot be followed, such as `wrap(toolsToAI)`, counts as a policy diff cannot read), or a `deny` or `ask` rule that no longer names it; and a new tool that is destructive and yet runs unasked (`needsApproval: false`, or an `allow` rule), which a reviewer of a `tool-added` change would not see.',
    'So is a new AI SDK tool (`tool()` from `ai`) without `needsApproval` in a toolbox that also holds tools defined with `defineTool` (`{ ...toolsToAI(registry), wipe_notes: wipeNotes }`): the AI SDK runs it unasked, and with no hints it counts as destructive, while the rest ask by their hints and the approval rules; add `needsApproval: true`, or define it with `defineTool`. In a toolbox of only AI SDK tools that is how every tool is added, so there it is only `tool-added`.',
    'A policy passed in code that diff cannot read (imported from another module, the result of a call, a `let`; a `const` of the same file holding a literal is read) where the base passed none such at the same call in the same file counts for each tool that asked before: it may let the tool run unasked unseen, so write it inline.',
    "So does a project's `defineTool` wrapper (`baseDefineTool({ ...def, needsApproval: false })`) that the base did not have, setting `needsApproval`, `mutates` or `destructive` to anything but `true` for every tool it defines, which no tool's own call shows; and so does a write of one of those keys on a tool after its definition that the base did not have in the same file (`Object.assign(tool, { needsApproval: false })`, `tool.needsApproval = false` in a loop, `{ ...tool, needsApproval: false }` in a list), in the tools, in a file that imports them, or in a file any of these imports by a relative path wherever it lies (`relax` from `../.lib/relax.js`) (the tool it reaches is not read, so it counts for each tool that asked, as one that may no longer ask); a key that cannot be read (`tool[k] = v`, `Object.assign(tool, JSON.parse(text))`, a wrapper's `['needs' + 'Approval']`, or a wrapper that passes on what cannot be read: `{ ...def, ...JSON.parse(text) }`) counts as any of them.",
    "The same holds for an `approve` callback passed to an adapter or `runTool`, where the base passed none such in that file, that approves every call (`() => true`, `async () => ({ approved: true, by: 'bot' })`, a const or relatively imported function that does, `options.approve ?? (() => true)`) or that diff cannot read (`options.approve`, the result of a call, a package's export, options or a spread in them that cannot be read: `{ ...base }` with `base` from a package), since it may approve every call; and so does an approver that decides in code, new or changed in the pull request (its text, or that of a const, list or function it reads, such as `AUTO_APPROVE` in `({ tool }) => AUTO_APPROVE.includes(tool.name)`, or the content of a data file it reads, such as `trusted-tools.json`, white space aside, is not one the base passed in that file), since no reading of code tells `(r) => r !== null` from a real decision: a person reviews it; so does an answer to the AI SDK's approval requests (`toolApprovalResponse(tools, q, { approved })` or a hand-built `tool-approval-response` part) whose `approved` is computed in code (`process.env.AUTO !== 'false'`), new or changed, and one that says `approved: true` under no condition; a `needsApproval` function whose text, or that of what it reads, changed counts the same way.",
    "Approval granted outside the tools and the root configuration counts too, for each tool that asked before and that no such grant of the base reached: a `serve --approve <glob>` or `call <module> <tool> --yes` on a command line in a package.json `scripts` entry (of the root or a subfolder), any JSON file of the project (with comments too; lock files aside: a string value, a list of strings, or an object's `command` with its `args`, as an MCP client configuration such as `.mcp.json`, a VS Code task, an Nx target or `deno.json`'s `tasks` write it), a line of a script file (a shell, PowerShell or batch script, a CI workflow or other YAML file, a Makefile, Justfile, Procfile or Dockerfile, an executable starting with `#!`), the quoted words of a TOML file (Codex's `.codex/config.toml`) or of a JavaScript, TypeScript or Python file that such a command line runs (`tsx scripts/mcp.ts` that calls `spawn('npx', ['agent-tools', 'serve', ...])`), or a process any JavaScript or TypeScript file of the project but a test starts (a test too when a command line runs it or a file that is not a test imports it) (`execFileSync('npx', ['agent-tools', 'call', ..., '--yes'])` in a helper a tool imports), dot folders and `dist/` included, also passed to a package script (`pnpm mcp --approve '*'`, `npm run` with `-- --approve`, `yarn`, `bun run`), and an argument of `serve` or `call` that holds a variable (`$FLAGS`, `${X}`, `$(cmd)`, `%X%`) or a `serve` or `call` that `xargs` runs (`xargs -a ops/flags.txt npx agent-tools serve ...`, which adds the words it reads), or a spread a spawning file does not show (`...JSON.parse(text)`), which counts as `--approve '*'`, a command line inside another (`sh -c \"...\"`), and a `call` run under a pseudo-terminal program (`script -c '...'`, `unbuffer`, `expect`, node-pty), which may type the yes to its prompt and counts as its `--yes`, unless an `ask` (for `--yes`, a `deny`) rule of the configuration of the folder it runs in holds the tool back; and an `allow` entry of a subfolder's configuration, which `serve` and `call` started in that folder read instead of the root's.",
    "So does an adapter of the project's own, new in a file, that runs each tool's `execute` itself rather than through `runTool` (`execute: (args) => t.execute(undefined, args)` over `registry.all`): the call skips the pipeline, so no approval rule, hook or tool log sees it, and a tool that asks refuses it at run time.",
    "So does code in no tool's definition, new in a file, that runs a tool's `execute` itself (an `onBeforeExecute` hook or a function calling `deleteNote.execute(...)`, or `registry.get('delete_note')!.execute`), for that tool (test files aside, their `approve` callbacks and answers too, unless a command line runs one or a file that is not a test imports it). A glob the pull request widens (`--approve 'delete_*'` to `--approve '*'`) counts for each tool it now reaches.",
    'So does a tool that runs unasked, new or not, and whose `execute` now is (`execute: removeNote`, the function `delete_note` is given as its `execute`) or reaches, through calls up to four deep, a function of the project that only tools that ask for approval reach (`removeNote`, the body of `delete_note`, called from `read_note`): it may do what they do, unasked; a function renamed with its calls, its text otherwise the same, is the same function. An export file as the base carries only the hints.',
  ],
  message: '`{{tool}}` {{what}} ({{detail}})',
  example: {
    before: [setFont(FAMILY, { annotations: hints(false, true, false, false) })],
    after: [setFont(FAMILY, { annotations: hints(false, false, false, false) })],
  },
});

export const hintsRelaxed = defineDiffRule({
  id: 'hints-relaxed',
  class: 'minor',
  title: 'A hint now claims safer behaviour without switching off approval: idempotent, or a closed world.',
  summary:
    'Calls are unchanged, but clients may now run the tool with less care (retries): check that the tool really behaves as the new hint says. Becoming read-only or not destructive is `approval-relaxed`.',
  message: 'hints of `{{tool}}` relaxed: {{detail}}',
  example: {
    before: [setFont(FAMILY, { annotations: hints(false, false, false, false) })],
    after: [setFont(FAMILY, { annotations: hints(false, false, true, false) })],
  },
});

export const hintsStricter = defineDiffRule({
  id: 'hints-stricter',
  class: 'patch',
  title: 'A hint now asks for more care without changing behaviour: no longer idempotent, or an open world.',
  summary: 'Calls are unchanged; clients may ask before a retry or mark the tool as reaching outside.',
  message: 'hints of `{{tool}}` stricter: {{detail}}',
  example: {
    before: [setFont(FAMILY, { annotations: hints(false, false, true, false) })],
    after: [setFont(FAMILY, { annotations: hints(false, false, true, true) })],
  },
});
