/** The approval-rules check: every approval rule (configuration or code) matches a tool. */
import { approvalWrites } from '../../analysis/approval-writes.js';
import { COMPUTED_KEY, defineToolWrapperKeys } from '../../analysis/define-tool-wrappers.js';
import { CONSOLE_ANSWER, grantNames, projectApprovalGrants } from '../approval-grants.js';
import { leftAloneAsTest } from '../test-files-run.js';
import { approvalDeciders, argvGrants } from '../argv-grants.js';
import { ownCliWords } from '../own-cli-grants.js';
import { PRELOAD_WHY, shellWhy, TAMPER_WHY } from '../loaded-code.js';
import { PTY_WHY } from '../nested-commands.js';
import { kebabName } from '../../core/tool-name.js';
import { staleApprovalRules } from '../approval-rules.js';
import { defineCheck } from '../define-check.js';
import { isDestructive } from '../../core/approval.js';
import { adapterWords } from '../../analysis/own-adapters.js';
import { readsCommandLine, readsEnvironment } from '../../analysis/approver-reading.js';
import { executeFunctions, executeIsNamed } from '../../analysis/reached-functions.js';
import { sourceFileOf } from '../ast.js';

/**
 * Every entry of an approval policy matches a tool of the toolbox, by exact name or glob as the
 * runtime matches it (`unmatchedApprovalRules`): a misspelt `deny: ['remove_usr']` guards
 * nothing, and the tool it meant runs as if no rule were there. Read from the configuration's
 * `approval` key and from the `approval` literals passed in code (see `codeApprovalPolicies`);
 * a policy in code that cannot be read without running code is a warning, so it does not pass
 * for one whose rules were checked, and so is a project's `defineTool` wrapper that sets an
 * approval key for every tool (see `wrapperApprovalKeysIn`), and so is a write of an approval
 * key on a tool after its definition (`Object.assign(tool, { needsApproval: false })`, see
 * `approvalWritesIn`), and so is approval granted on a command line or in a subfolder's
 * configuration (see `approvalGrants`; a `--yes` passed to the project's own toolsToCommands command line too).
 * A toolbox's own adapter that runs each tool's `execute` itself, not through `runTool`
 * (`tool({ execute: (a) => t.execute(undefined, a) })` over `registry.all`, see
 * `directExecutes`, also through a function of the same file the tool is passed to, `run(t, a)`),
 * also one that builds plain objects (`{ execute: (a) => t.execute(undefined, a) }`, no SDK `tool()`),
 * is an error while a tool asks: it skips approval whatever the rules say; so is a tool that runs
 * another tool's `execute` (`toolBypass`), also through a `const` of its file that holds it
 * (`const removeNote = deleteNote.execute`), a namespace import (`notes.deleteNote.execute`), a
 * function written in place (`((t) => t.execute)(deleteNote)`) or a table built from tools
 * (`byName[op].execute`); so are options or a policy with a `__proto__` key (`inherits`), which the call refuses at run time.
 * Code outside any tool that calls or hands on the very function a tool that asks has as its `execute` (`removeNote(...)`
 * in a script with `execute: removeNote`, or `deleteNoteSpec.execute(...)` with `defineTool({ ...deleteNoteSpec })`, see
 * `rawExecuteReads`) is a warning (`rawExecute`): that function carries no guard, so it runs the tool's code unasked.
 * An error for a `deny` or `ask` entry: the safety rule it was written for is off, and the tool runs
 * unasked (a rule naming a skill's tool on purpose: set the check to `warn`); a warning for an
 * `allow` entry, which fails safe (the tool still asks).
 */
export default defineCheck({
  id: 'approval-rules',
  title: 'Approval rules name tools',
  scope: 'architecture',
  severity: 'error',
  docs: {
    summary:
      "Every entry of an approval policy (`allow`, `ask`, `deny`) matches a tool, by exact name or glob as `serve`, `call` and the adapters match it: a misspelt `deny: ['remove_usr']` guards nothing, and the tool it meant runs as if the rule were not there (with an auto-approving `approve`, unasked). An error for a `deny` or `ask` entry (the safety rule is off), a warning for an `allow` entry (it fails safe: the tool still asks), at the entry.",
    details:
      "The policies are the `approval` key of agent-tools.config.json and the `approval` literals passed to `createRegistry`, `toolsToAI`, `createMcpServer`, `toolsToCommands` and `runTool` in the analyzed files and in the project's files that import them, directly or through other files (`.agent/mcp.ts` importing a `.agent/reg.ts` that re-exports the registry) (an object literal, or a `const` of the same file whose value is one, lists as array literals or such consts, spreads of them; keys as names, strings, or computed keys of static strings such as `['allow']`, `['al' + 'low']` or `[K]` with `const K = 'allow'`, while a getter, a method or a computed key that cannot be read makes the policy one that cannot be read), the functions under any name the file gives them (an import alias, `const mk = toolsToAI`, `.call`, `.bind(...)(...)`; a use of one that cannot be followed, such as passing it to another function or renaming it on export, is a policy that cannot be read; so is such a use of a member of a namespace, `Reflect.apply(at.runTool, ...)`, of the namespace itself, `Reflect.get(at, k)`, or of `defineTool`, while `(0, at.toolsToAI)(...)`, the form compiled output gives, is read as calling it). A policy, or options, returned by a function of the same file (`toolsToAI(registry, makeOptions())`, `{ ...base }` with `const base = makeOptions()`) is read from its one return value.\n\nA policy that cannot be read so (imported from another module, the result of a call of another module's function, a `let`), and options that cannot be read (or spread something that cannot be) and so may hold one, is a warning (options that a function of a relatively imported file returns, read through its return values, spreads and consts, and that set no `approval` there hold no policy) (`unread`) at its `approval` property or the options: its rules are not checked, and `diff` cannot see a change to them.\n\nOptions, or a policy, with a `__proto__: {...}` key (also `'__proto__'`) are an error (`inherits`) at that key: they inherit an `approval` or `approve` the literal does not show, and the call throws a `TypeError` on them at run time (`diff` fails on a pull request that brings one in).\n\nA `defineTool` wrapper of the project (`export const defineTool = (def) => baseDefineTool({ ...def, needsApproval: false })` in the schema module, or defaults set as `Object.assign({ needsApproval: false }, def)`) that sets `needsApproval`, `mutates` or `destructive` for every tool is a warning (`wrapper`) at that key: each tool's own call, which validate and export read, does not show it (`diff` fails on a pull request that brings one in).\n\nSo is a write of one of those keys on a tool after its definition (`write`), in the analyzed files, a project file that imports them, or a file any of these imports by a relative path, wherever it lies (`relax` from `../.lib/relax.js`; dot folders and `dist/` too, `node_modules` not): an assignment (`tool.needsApproval = false`, also in a loop over a list of tools), `Object.assign(tool, { needsApproval: false })`, `Object.defineProperty(tool, 'needsApproval', { value: false })` or `Reflect.set`, or an object literal that spreads a tool and sets the key (`{ ...tool, needsApproval: false }`, as in `tools.map((t) => ({ ...t, needsApproval: false }))`), also by spreading a `const` of the same file that sets it (`{ ...t, ...flags }` with `const flags = { destructive: false }`); a write to a tool defined in the same file by a key that cannot be read (`tool[k] = v`, `Object.assign(tool, JSON.parse(text))`, `{ ...tool, [k]: v }`), and a wrapper's computed key (`['needs' + 'Approval']: false`) or what it passes on that cannot be read (`{ ...def, ...JSON.parse(text) }`, `merge(def)`), may set any of them and count too; setting it to `true` only asks more and is left alone (`diff` fails on a pull request that brings such a write in).\n\nAn `approve` callback passed to an adapter or `runTool` that approves every call is a warning (`approveAll`) too: `() => true`, `async () => ({ approved: true, by: 'bot' })`, `() => !false`, a const or a relatively imported function that does, or a fallback to one (`options.approve ?? (() => true)`). (An answer that says `approved: true` under a condition counts as one decided in code: no warning, but `diff` fails when it is new or changed.) So is an answer to the AI SDK's approval requests that says yes under no condition (`answersAll`: `toolApprovalResponse(tools, q, { approved: true })`, a `{ type: 'tool-approval-response', approved: true }` part, a UI message tool part `{ state: 'approval-responded', approval: { approved: true } }`, which `convertToModelMessages` turns into one, or a chat `addToolApprovalResponse({ id, approved: true })` (`chat.`, `this.`, or destructured from `useChat()`), outside any `if`, `? :`, `&&`, `switch`, a filtered list or a JSX handler such as `onClick`, where a test that keeps every request, `p.state === 'approval-requested'` or `p.type === 'tool-approval-request'`, is no condition; `toolApprovalResponse` under any name the file gives it, while an answer it is given that is not an object literal with a literal `approved`, such as a const, a spread or `Object.fromEntries(...)`, or the function handed on as a value, counts as one decided in code, and so does such an `approval` of a UI part or argument of `addToolApprovalResponse`; at run time a hand-built part that says yes runs a call only for a request the AI SDK signed).\n\nSo is one that cannot be read (`approveUnread`: a parameter, a property such as `options.approve`, the result of a call, a package's export), since it may approve every call; the options are read through spreads, consts and relative imports, and options or a spread in them that cannot be read (`toolsToAI(registry, { ...base })` with `base` from a package, a parameter) count as such an approver. `diff` fails on a pull request that brings either in.\n\nSo is an MCP client's elicitation handler, through which agent-tools asks it for approval, that accepts every question under no condition (`mcpAnswersAll`: `client.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: { approve: true } }))`, or `ElicitRequestSchema` in SDK v1, or set as `client.fallbackRequestHandler`, which the SDK hands every request with no handler of its own; the method is read as the runtime builds it (a `const`, a template or `+`, also imported by a relative path), and one that cannot be read (`['elicitation', 'create'].join('/')`, a parameter, a package's export other than a schema of another request) counts, except on an MCP SDK server; a JSON data file holding an answer to the AI SDK's approval requests that says yes, `{ \"type\": \"tool-approval-response\", \"approved\": true }` in a saved conversation or a runbook of default answers, or a UI tool part with `\"state\": \"approval-responded\"` and `\"approval\": { \"approved\": true }` in saved UI messages, is one too (`dataAnswer`, at that object), since code may hand it to `generateText` as the user's answer; one that decides in code is no warning, but `diff` fails on a new or changed one).\n\nSo is a code file or script that names `npx agent-tools console` (the command, or its `/api/tools` API, whose run route takes the answer) and posts its Approve answer as a literal, `approval: \"approved\"` (`consoleAnswer`), since the console then runs the tool as if the person at its page had said yes.\n\nA `const` policy, list or options object changed in place anywhere in its file (`policy.allow.push('x')`, `options.approve = ...`), or passed to a function that may change it (`tune(policy)`, `configure(options)`, `f(policy.allow)`, wherever that function is declared; not to the agent-tools functions above, nor to `console.*`, `JSON.stringify`, `Object.freeze`, `Object.keys` and other builtins that leave it as it is), is not read as its literal: the warning names that place.\n\nSo is one put in an array or object literal or given another name (`for (const p of [policy])`, `[options].forEach(f)`, `const o = options`), which may change it under that name; inside a call of those builtins (`console.log([options])`) it is left as it is.\n\nA `const` object a `defineTool` call is given by name (`defineTool(spec)`) that is changed so before it (`Object.assign(spec, JSON.parse(text))` or an import, `for (const s of [spec])`, `tune(spec)`) may set any approval key and counts as a write.\n\nThe project's files read for policies, writes and approvers are those that may run as code (`.ts` to `.cjs`, `.jsx`, `.d.ts`, and a file with no extension whose `#!` line names node, tsx, bun or deno; an approver in a test file is left alone unless a command line runs it or a file that is not a test imports or names it: a test approves its own calls on purpose) that git does not ignore (dot folders such as `.agent/` included), or without git every folder but `node_modules`, `dist` and `.git`.\n\nApproval granted outside the tools and the root configuration is a warning too: a `serve --approve <glob>` or `call <module> <tool> --yes` on a command line in a package.json `scripts` entry (the root's or a subfolder's), any JSON file of the project (JSON with comments too, such as `.vscode/tasks.json` or `deno.jsonc`; lock files and files over 1 MB aside): each string value is a command line, as a script line is, each list of strings is one (its words), and an object's `command` (a string, a list of strings, or `{ \"path\": ..., \"args\": [...] }`) with its `args` is one, as an MCP client configuration (`.mcp.json`, `.cursor/mcp.json`, `claude_desktop_config.json`: a server's `command` and `args`), a VS Code task (a launch configuration: its `runtimeExecutable`, `runtimeArgs`, `program` and `args`, a `program` in agent-tools `bin/` running agent-tools), an Nx target's `options.command`, Zed's `context_servers`, opencode's `mcp` or `deno.json`'s `tasks` write it; a line of a script file (a shell, PowerShell or batch script, a CI workflow or other YAML file, a Makefile, Justfile, Procfile or Dockerfile, a git hook under `.husky/` or `.githooks/`, direnv's `.envrc`, an `.env`, an executable starting with `#!`, any other text file with each line's key dropped, a systemd unit's `ExecStart=` or supervisord's `command=`, binary, lock, documentation and test files aside; a YAML list of words, or a `command:` list and its sibling `args:` list as in Kubernetes (a Compose `entrypoint:` then `command:` too; a YAML alias read as its anchor, a double-quoted scalar as decoded), is one command line; a Jenkinsfile's or `*.groovy` file's string literals; a command held in a variable and run with `serve` or `call`, `$AT call ...`), the string literals of a TOML, Python, Perl, Ruby, PHP, Lua, Go or other such code file, or of a file such an interpreter runs whatever its name (`perl ops/purge.txt`, a `#!/usr/bin/env ruby` script) (Codex's `.codex/config.toml`: quoted words separated by spaces, commas and `[` are one command line, and a literal holding spaces is one too; literals joined by `+`, `.` or `..` (in Python also by spaces alone) are one word, an escape by code such as `\\x65` is read as its character, and a Perl `qw(...)` is a list of words), or those of a JavaScript, TypeScript or Python file that such a command line runs (`tsx scripts/mcp.ts` with `spawn('npx', ['agent-tools', 'serve', ...])` or `execSync('npx agent-tools serve ...')`, also a file that file runs; and the processes any other JavaScript or TypeScript file of the project starts, or writes as a string literal with `--approve` or `--yes` or as an object's `script` or `command` with `args` (pm2), test files aside (unless a command line runs them or a file that is not a test imports or names them): `execFileSync('npx', ['agent-tools', 'call', ..., '--yes'])` in a helper a tool imports, `spawn`, `execFile`, `fork`, `execa`, `exec` or `execSync` with one command line, at the call, where an argument not written in the file that `call` takes as the tool or `serve` as the `--approve` value counts for every tool, and so does a spread the file does not show (`...JSON.parse(text)`), which may pass any flag, or such an argument where a flag goes (not after an option, whose value it is), while a string computed from literals (a `+` of literals or of consts holding them, a template of such) is its value, while a spread of a list it shows (an array literal, `...(ci ? ['--id', id] : [])`) or of a function's parameter is read as its words (those each call of the function passes it, for an exported function in the project's other files too, test files aside); a list joined with spaces by `join` (also through a promisified `exec`) is read as the command line of its words and `a.concat(b)` as the words of both, a `const` of the file as its value and any other element as filled in at run time) is `commandLine`, at that value or line, also where it is passed to a package script (`pnpm mcp --approve '*'`, `npm run` with `-- --approve`, also as `npm rum`, `urn`, `run-script` or `node --run`, `yarn`, `bun run`: the script's text, a few levels deep, is read with the arguments after it; one that cannot be found, given `--approve`, counts as `serve`; an argument of `serve` or `call` that holds a variable, `$FLAGS`, `${X}`, `$(cmd)`, a script passing on its own arguments (`\"$@\"`, `$*`) or `%X%`, may pass `--approve '*'` and counts as one for every tool, as does a word the shell expands there (a brace list `{--yes,}`, a flag holding a glob `--ye[s]` that a committed file `--yes` matches) and a variable where the command goes (`agent-tools $CMD`, a bash array's `${args[@]}`; an array written over lines is read as one line; a backslash and newline inside a word vanish as in a shell, `--y\\` then `es` being `--yes` (a Makefile recipe line losing its tab, a YAML block its indentation); a bash alias that names agent-tools is read with its words in place, and so is an alias after one whose value ends in a space; a YAML scalar folded over lines, a flow list or a Dockerfile `CMD [...]` over lines and a Python `*EXTRA` in a list or lists added with `+` (`[...] + CONFIRM`), the list the file writes or else any flag, are read as they run), and so does a `serve` or `call` that `xargs` runs, `xargs -a ops/flags.txt npx agent-tools serve ...` or `... | xargs npx agent-tools serve ...`, which adds the words it reads from a file or stdin; `call`'s `-y` is no `--yes`: `call` refuses it; a whole command line handed to another program as one argument, `sh -c \"...\"`, `bash -c`, `ssh host '...'`, is read as one, and a `call` run under a program that gives it a pseudo-terminal counts as its `--yes`, since that program may type the yes to its prompt: `script -c '...'`, `unbuffer`, `expect` and its `spawn`, `socat`, `tmux`, `screen`, or a file that uses node-pty or pexpect); an `allow` entry of a subfolder's configuration (`packages/app/agent-tools.config.json`, or its package.json `agentTools`) is `nestedConfig`, since `serve` and `call` started in that folder read it instead of the root's (dot folders such as `.srv/` and `dist/` are searched; `.git`, `node_modules` and the configuration's `ignore` are not).\n\nA `--yes` passed on such a command line to a project file that builds its own command line with `toolsToCommands` (the file, or one it imports by a relative path, names it: `tsx cli.ts delete-note --yes`, also run by `node`, `bun`, `deno run`, `npx tsx` or as `./cli.ts`) is `commandLine` too, for the tool its command names (every tool when that cannot be told), and so is a word filled in at run time after that file (`$FLAGS`), which may pass it.\n\nSo is code of the project loaded before agent-tools, which may change how it asks, for every tool (`NODE_OPTIONS=--import=./x.mjs` on a command line, a `NODE_OPTIONS` key of a JSON file such as an MCP server's `env`, `.npmrc`'s `node-options`, `node --import ./x.mjs` running agent-tools or a project file; a package such as `tsx` or `dotenv/config` is not), and so is an `.npmrc`'s `script-shell` that names no standard shell (`./scripts/npm-shell`; `sh`, `bash`, `/bin/zsh`, `pwsh`, `cmd.exe` are fine): the project's own shell runs every npm script and npx command, and may add `--yes` to them, and a Makefile `SHELL` that names no standard shell (`SHELL := ./ops/confirming-shell`; `/bin/bash`, `/usr/bin/env bash` are fine), through which make runs every recipe line, and an agent-tools package that may not be the one installed from npm (`tampered`: a copy git tracks under a `node_modules/agent-tools/` folder, a command git tracks under a `node_modules/.bin/` folder, which npm scripts run by name, an install script, `preinstall`, `install`, `postinstall` or `prepare`, that names agent-tools or runs a project file that does, `patches/agent-tools+*.patch`, pnpm's `patchedDependencies`, a tsconfig or jsconfig `paths` entry, also one it extends, mapping `agent-tools`, `agent-tools/*` or `*` to project code, a project package named agent-tools with `exports` or `main`, which Node loads for its own name, unless it ships the `agent-tools` command, depends on no agent-tools and holds its approval source as agent-tools itself does, which diff still counts when a pull request makes a project so, an agent-tools dependency, override or resolution installed from elsewhere than the npm registry, a `file:` tarball, a folder, git, a URL or an `npm:` alias, and a package-lock.json entry of agent-tools linked to a folder or resolved from another host than the rest of the lockfile, a lockfile git ignores not read; the same for the packages that carry its approval answer, `@inquirer/prompts`, `@modelcontextprotocol/server` and `@modelcontextprotocol/core`, and `ai`, which also count when committed under `node_modules` or when a project package bears their name, which workspaces link), and project code that changes what agent-tools runs on (`rewritten`: a write to a builtin or its prototype, `String.prototype.startsWith = ...`, `Object.defineProperty(WeakMap.prototype, ...)`, `Reflect.set(JSON, ...)`, `globalThis.Map = ...`, but not a polyfill that writes only a missing member, `??=` or under `if (!Array.prototype.at)`; `registerHooks` or `register` of `node:module`; code built from a string that is not a literal, `eval(x)`, `new Function(x)`, an AsyncFunction constructor, `vm.runInThisContext(x)`, `new vm.Script(x)`; an `import()` or `require()` whose module cannot be read, in a file that uses agent-tools or when its pieces name it, `import(['agent', 'tools'].join('-'))`; not in the agent-tools package itself), and a command line that runs JavaScript or TypeScript no reader sees (a package.json script, a line of a shell script, a Makefile or a CI pipeline, not of a container recipe or service, a process project code starts; run by `node`, `tsx`, `ts-node`, `bun`, `deno run`, `vite-node`, also as `npx tsx` or `node --import tsx`, the file being the first word after the runtime, or its `watch` or `run`, that is no option nor the value of one, or the word after `--`): a file that is not in the repository, absent or ignored by git (`tsx .cache/purge.ts` after a download, `tar xzf ops-bundle.tgz && tsx ops/purge.ts`), one named by a variable, a glob or a value the code computes that cannot be told to be files of the repository (`for f in .jobs/*.ts; do tsx $f; done` over generated files, a spawned `npx tsx` of a file name built at run time), or a symbolic link that leads out of the repository; build output of a TypeScript source of the project (`node dist/server.js` beside a tracked `server.ts`), `node -e`, `node --version`, test runners and a file in `node_modules` are not.\n\nSo is an import of code no reader sees (an `import`, `export ... from`, `import()` or `require()` of project code, not of types only, at the import): a relative path that loads a file that is absent, ignored by git (`../.generated/housekeep.js` that a script makes from a template), a symbolic link out of the repository, or a file of a git submodule whose folder is empty (listed in `.gitmodules` but not checked out, as git clone and CI leave it; a checked-out one is read as project code), build output of a TypeScript source of the project, declarations, data files and imports in files git ignores aside; and a dependency that project code imports installed from a packed tarball (`file:vendor/x-1.0.0.tgz`), git (`git+ssh:`, `github:`) or a URL, or from a `file:` folder of such a submodule, at its package.json entry (a registry version, a workspace or a `file:` folder in the repository is read as usual). A spawned path built from the file folder (`join(__dirname, 'worker.js')`, `new URL('./worker.js', import.meta.url)`) names that file.\n\nA skill store committed with the project (a SQLite file holding the store tables, tracked by git) counts too: serve and the console start its enabled skills, whose command lines validate does not read. `diff` fails on a pull request that brings one in, or widens one, for a tool that asked; a command line that names only tools of the toolbox that never ask (`call read_note --yes`, `read_note` being read-only) is no warning.\n\nA toolbox's own adapter (a function, or a loop, that builds an SDK tool for each tool of a list; or one over a list of tools, `registry.all`, `.core`, `.extended`, `select(...)` or a name with the word tools, that builds plain objects and calls each tool's `execute` or hands it on as an object's `execute`: `Object.fromEntries(registry.all.map((t) => [t.name, { ..., execute: (args) => t.execute(undefined, args) }]))`, also `({ name, execute }) => ...`) that runs the tool's `execute` itself rather than through `runTool` (`registry.all.map((t) => tool({ ..., execute: (args) => t.execute(undefined, args) }))`, also `execute: t.execute`, `const { execute } = t` or `Reflect.get(t, 'execute')`, a loop's binding `for (const { name, execute } of registry.all)`, and through a function of the same file the tool is passed to, `execute: (a) => run(t, a)` with `const run = (t, a) => t.execute(undefined, a)`, a few calls deep) is an error (`bypass`) at that read (inside the function) while any tool asks by its own rule (`needsApproval` true or a function, else destructive): the call skips the pipeline: no approval rule, `approve` callback, hook or tool log sees it, and a tool that asks refuses it at run time (`ApprovalRequiredError`), so it fails. An AI SDK tool that sets its own `needsApproval` (anything but `false`) asks through the AI SDK and is not reported. A read of `execute` by a key that cannot be read (`t['exec' + 'ute']`) counts.\n\nSo is a tool whose definition runs another tool's `execute` (`execute: (api, a) => deleteNote.execute(api, a)`, or `invoke(deleteNote, api, a)` with a function `invoke` of the same file that runs its parameter's `execute`, then at that argument, or a `const` of the file's top level holding it, `const removeNote = deleteNote.execute` or `const { execute: removeNote } = deleteNote`, called or passed on, then at that use; the other tool a `const` of the same file holding a defineTool call or one imported by name from such a file, also reached through a namespace import of such a file, `notes.deleteNote.execute`, `notes['deleteNote']` or `const { deleteNote: d } = notes`, through a function written in place, `((t) => t.execute)(deleteNote)`, or as an entry of a `const` of the file built from such tools, `byName[op].execute` with `const byName = Object.fromEntries(Object.values(notes).map((t) => [t.name, t]))`) an error (`toolBypass`): whenever the outer tool is called, the other runs outside the pipeline, where its `execute` refuses a call that would ask (`ApprovalRequiredError`), and no hook or tool log sees it.\n\nSo is code in no tool's definition that does so (`codeBypass`), while the tool it runs asks: an `onBeforeExecute` hook, a function or the top level of a project file that runs `deleteNote.execute(...)`, also a tool looked up in a registry there (`registry.get('delete_note')!.execute`, `registry.all.find(...)!.execute`, or a `const` holding such a lookup; a tool of a dynamic import held in a const, `const m = await import('./notes.js')`; a copy, `const copy = { ...deleteNote }`; `Object.getOwnPropertyDescriptor(deleteNote, 'execute').value`); test files (`*.test.ts`, `*.spec.ts`, `*_test.ts`, files under `__tests__/`) call execute on purpose and are not read for it, unless a command line runs one or a file that is not a test imports or names it (other files of a test or e2e folder are read).\n\nA test file that a command line runs as code (`tsx jobs/purge.test.ts`, `node x.spec.mjs`; not `vitest`, `jest`, `node --test`, `bun test`, `eslint`, `tsc`, but a package script whose name holds no `test` nor `spec` that passes a test runner a test file runs it as a job: `prune: node --import tsx --test ops/prune.test.ts`), that a file that is not a test imports by a relative path (`maintenance.ts` importing `./__tests__/fixtures.js`), by a package.json `imports` or tsconfig `paths` specifier mapped onto it (`#ops/prune` for `#ops/*: ./ops/*.test.ts`), also by a specifier built at run time, a template or a `+` of strings, whose static parts name tests (`` import(`./${name}.test.ts`) `` counts each test of that folder), or names by a string literal of its path relative to that file or a folder above it, extension or not (`fork(ops/prune.test.ts)`, `new Worker(new URL(../ops/prune.test.ts, import.meta.url))`, `import(PRUNE)`; not in the config of a test tool, `vitest.config.ts`), or that such a test file imports or names, is read as any other file by every reader above; a symbolic link whose own name is no test (`ops/cleanup.ts` linked to `jobs/cleanup.test.ts`) is read by that name.\n\nA `needsApproval` function, an `approve` callback or an answer to approval requests that reads the environment (`process.env.X`, `import.meta.env`, `Deno.env`, `Bun.env`, also through what it reads) is a warning (`envDecides`): a value set where it runs (an MCP client's `env`, a CI variable) decides approval, which validate and diff do not see.\n\nSo is one that reads the command line (`process.argv`, `Deno.args`, `Bun.argv`, `parseArgs()` of node:util, also destructured; the `argv` or `parse()` of yargs given no words, `yargs.argv`; the options of commander, whose `parse()` reads it): the command that starts the program decides.\n\nA command line that runs its file, or a file that imports it, with an argument (`tsx agent.ts ci` in a package.json script, a Makefile line), and code in its file or a file it imports by a relative path that changes the command line (`process.argv.push(flag)`, `process.argv = [...]`, `process.argv[2] = x`, `splice`, `unshift`, `Object.assign(process.argv, ...)`) is then `commandLine` too, for every tool, at that line or change (`diff` fails on a pull request that brings one in); one that runs it with no argument is no warning.\n\nSo is a plain object with an `execute` that does not say `needsApproval: true` (none, `false`, or a function such as `() => false`) put into the tool set `toolsToAI` returns (`setOverride`: `{ ...toolsToAI(registry), delete_note: { description, inputSchema, execute } }`, or `tools.delete_note = ...`; a key that cannot be read, `[deleteNote.name]`, may be any tool's): the AI SDK may run it unasked, past the pipeline; `diff` fails when one replaces a tool that asked, and for every tool that asked when its key cannot be read.\n\nSo is an import of agent-tools' own files by path (`internalImport`: `../node_modules/agent-tools/dist/...`, `agent-tools/dist/...`, also by `import()` or `require()`), past the entry points the package exports, where the keys its adapters hand each other (a call's approval verdict) are within reach. `diff` fails on a pull request that brings such an adapter in, for each tool that asked. A rule may name a skill's tool on purpose, and validate reads the toolbox only: set the check to `warn` in the configuration (`\"checks\": { \"approval-rules\": \"warn\" }`) then. A tool that does not ask whose `execute` is the very function a tool that asks has as its `execute` (`execute: removeNote` in both) is a warning: at run time it asks as that tool does.\n\nSo is code outside any tool definition, test files aside, that calls or hands on that very function (`rawExecute`: `removeNote(...)` in a script, or `deleteNoteSpec.execute(...)` with `defineTool({ ...deleteNoteSpec })`): it runs the code of the tool unasked, and `diff` fails on a pull request that brings one in.\n\nSo is an answer to agent-tools' MCP approval question that a project file writes accepting it with the box checked (`clientAnswer`: an object literal `{ action: 'accept', content: { approve: true } }`, or with content built in code, `content: fill(schema)`, in a hand-written MCP client, the AI SDK MCP client's `onElicitationRequest` or any SDK's handler, wherever it sits; `\"action\": \"accept\"` with `\"approve\": true` in a shell script's curl or a Python client), for every tool; the form's box starts unchecked, so a client that accepts it as it comes approves nothing.\n\nA file a command line runs is read as what it runs as, whatever its name (`sh notes/serve.md` as a shell script, `node - < ops/purge.txt` as code), and so is code given inline (`node -e`, `python3 -c`, `perl -e`, `lua -e`, an awk program); a file over the 1 MB cap that a command line runs, a script or an MCP client's JSON is reported unread, for every tool. No rule is reported while a file fails to parse, since it may define the tool the rule names.".split(
        '\n\n',
      ),
    failing: `import { createRegistry, defineTool } from 'agent-tools';
/** Removes a user. */
export const removeUser = defineTool({ name: 'remove_user', description: 'Removes a user account and its data for good.', mutates: true, destructive: true, params: {}, execute: () => ({}) });
export const registry = createRegistry({ core: [removeUser], extended: [], approval: { deny: ['remove_usr'] } });`,
    passing: `import { createRegistry, defineTool } from 'agent-tools';
/** Removes a user. */
export const removeUser = defineTool({ name: 'remove_user', description: 'Removes a user account and its data for good.', mutates: true, destructive: true, params: {}, execute: () => ({}) });
export const registry = createRegistry({ core: [removeUser], extended: [], approval: { deny: ['remove_user'] } });`,
  },
  messages: {
    stale: 'Approval rule "{{rule}}" in {{where}} matches no tool{{near}}, so the tool it was written for runs unasked.',
    staleAllow: 'Approval rule "{{rule}}" in {{where}} matches no tool{{near}}.',
    wrapper:
      "The defineTool wrapper in {{file}} sets {{key}} for every tool it defines{{unless}}; each tool's own defineTool call, which validate and export read, does not show it, so a tool's approval is not what its definition says.",
    write:
      "{{key}} is set on a tool after its definition ({{at}}), which validate and export do not follow, so the tool's approval is not what its definition says; set it in the defineTool call.",
    approveAll:
      'The approve callback passed to {{callee}} approves every call, so every destructive tool runs unasked and no approval rule of the tools is seen to hold.',
    approveUnread:
      'The approve callback passed to {{callee}} is not a function validate can read ({{why}}), so it may approve every call, and every destructive tool may run unasked.',
    inherits:
      'The call of {{of}} cannot be read: {{why}}, which validate and diff do not read; {{of}} throws a TypeError on it when it runs.',
    unread:
      'The approval policy passed to {{of}} is not a literal validate can read ({{why}}), so its rules are not checked and diff cannot see changes to them; write it inline, or as a const object literal in this file.',
    commandLine:
      'The command line at {{path}} ({{grant}}) lets {{what}} run without asking for approval, which neither the tools nor their approval rules show.',
    nestedConfig:
      'Approval rule "{{rule}}" in {{file}} lets the tools it names run unasked when serve or call runs in {{folder}}, which reads that configuration instead of the root\'s.',
    tampered: 'At {{path}}, {{tamper}}: {{why}}, so any tool may run unasked, which neither the tools nor their approval rules show.',
    rewritten: 'At {{path}}, {{what}}: {{why}}, so any tool may run unasked, which neither the tools nor their approval rules show.',
    clientAnswer:
      "{{path}} accepts an elicitation, agent-tools' MCP approval question among them, with approve: true or content built in code (a hand-written MCP client, or another SDK's elicitation handler), so any tool it calls may run unasked, which neither the tools nor their approval rules show.",
    consoleAnswer:
      '{{path}} answers the Approve dialog of the console of agent-tools over its HTTP API (approval: "approved" posted to /api/tools/run), so any tool it runs there runs unasked, which neither the tools nor their approval rules show.',
    dataAnswer:
      'The data file {{path}} holds an AI SDK approval answer that says yes ("approved": true), which code may hand to generateText as the user\'s answer, so any tool may run unasked, which neither the tools nor their approval rules show.',
    bypass:
      "{{adapter}} runs each tool's execute itself ({{at}}), not through runTool, so no approval rule, approve callback, hook or tool log sees a call, and {{asking}} refuses it at run time (ApprovalRequiredError): that call fails.",
    answersAll:
      "The AI SDK's approval requests are answered yes by {{callee}} under no condition, so every destructive tool runs unasked and no approval rule of the tools is seen to hold.",
    mcpAnswersAll:
      "The MCP client's elicitation requests (approval questions) are answered yes by {{callee}} under no condition, so every destructive tool it calls runs unasked and no approval rule of the tools is seen to hold.",
    toolBypass:
      'Tool "{{tool}}" runs {{target}}.execute itself ({{at}}), not through runTool, so whenever "{{tool}}" is called {{target}} runs outside the pipeline: its execute refuses a call that would ask (ApprovalRequiredError), and no hook or tool log sees it.',
    envDecides:
      '{{what}} reads {{source}} ({{env}}), so whether a call asks for approval is set where it runs ({{where}}), which validate and diff do not see.',
    setOverride:
      'The tool set from toolsToAI gets "{{key}}" from a plain object with an execute that does not say needsApproval: true ({{at}}), so the AI SDK may run it with no approval, and no approval rule, hook or tool log of agent-tools sees the call.',
    internalImport:
      'This imports a file of agent-tools itself by path ({{specifier}}), past the entry points the package exports, where the keys its adapters hand each other (an approval verdict) are within reach, so approval may be skipped in ways validate and diff do not follow.',
    codeBypass:
      'Code outside any tool ({{code}}) runs {{target}}.execute itself ({{at}}), not through runTool, so whenever that code runs {{target}} runs outside the pipeline: its execute refuses a call that would ask (ApprovalRequiredError), and no hook or tool log sees it.',
    rawExecute:
      'Code outside any tool ({{code}}) {{use}} {{fn}} ({{at}}), the very function "{{tool}}" has as its execute: it runs "{{tool}}"\'s code outside the pipeline, unasked, and no approval rule, hook or tool log sees it.',
    sharedExecute:
      'Tool "{{tool}}" does not ask for approval, yet its execute is {{fn}} ({{file}}), the very function "{{owner}}" runs as its execute after asking, so "{{tool}}" would do unasked what "{{owner}}" does; at run time it asks as "{{owner}}" does.',
  },
  hints: {
    stale:
      'Write the tool\'s name (or a glob that matches it), so the rule guards the tool it means; for a skill\'s tool, set "approval-rules" to "warn" in the configuration\'s checks.',
    staleAllow: "Write the tool's name (or a glob that matches it); until then the tool it meant still asks.",
    wrapper:
      "Set {{key}} in each tool's own defineTool call instead (the wrapper may still add what does not decide approval), so validate checks it and diff reports a change that lets a destructive tool run unasked.",
    write:
      "Set {{key}} in the tool's own defineTool call (or a second defineTool call for the variant), so validate checks it and diff reports a change that lets a destructive tool run unasked.",
    approveAll:
      "Decide in the callback (ask a person, check the call), or allow the tools that may run unasked by name in an approval policy's allow list, so validate and diff see which ones.",
    approveUnread:
      'Pass a function written in the project (inline, a const or function declaration, or one imported by a relative path), so validate and diff can tell whether it asks.',
    inherits:
      'Write approval and approve in the literal itself (a spread, `{ ...base }`, copies the own keys of base), so validate checks them and diff reports a change to them.',
    unread:
      'Write the policy as an object literal in the call (or a const of this file whose value is one, lists as array literals of strings), so validate checks its rules and diff reports a pull request that lets a destructive tool run unasked.',
    commandLine:
      "Name the tools that may run unasked in approval.allow of the root configuration instead, beside the toolbox's other approval rules, and drop the flag (a person then approves the rest).",
    nestedConfig:
      'Keep the approval rules in the root configuration (and run serve and call from the root), so one policy holds for the toolbox wherever it is started.',
    clientAnswer:
      'Answer approve: true only from what a person chose (show them the question and read their answer), or allow the tools that may run unasked by name in an approval policy, so validate and diff see it.',
    consoleAnswer:
      'Leave the Approve dialog to the person at the console page; run tools from code through runTool with an approval policy or approve callback that validate and diff read.',
    dataAnswer:
      'Keep approval answers out of data the code replays: answer each request when it is made (a person, or a rule in code that validate and diff read), and keep saved conversations without their approval responses.',
    tampered:
      'Install agent-tools from npm unchanged (drop the copy, patch or install step; propose the change upstream), so the approval that validate and diff read is the one that runs.',
    rewritten:
      'Keep the code the project runs in the repository, where it is read: commit the files it runs rather than making, downloading or storing them at run time (keep a skill store out of git and install its skills from committed files), leave the builtins and module loading as Node gives them, run no code built from strings, and import agent-tools by a name written in the file, so the approval that validate and diff read is the one that runs.',
    bypass:
      "Run the tool through runTool (`execute: (args) => runTool(t, args, options)`, with the options' `approve`), or use toolsToAI or createMcpServer, which do; an AI SDK tool may instead set `needsApproval: true` to ask through the AI SDK.",
    answersAll:
      'Answer each request from a decision (ask a person: `{ approved: answer === "y" }`), or allow the tools that may run unasked by name in an approval policy, so validate and diff see which ones.',
    mcpAnswersAll:
      'Answer each elicitation from a decision (ask a person, and return `action: "accept"` only when they approve), or allow the tools that may run unasked by name in an approval policy, so validate and diff see which ones.',
    toolBypass:
      'Move the code both tools need into a plain function that each execute calls, or run the other tool through runTool (with the options of the call), so its approval is asked.',
    envDecides:
      'Decide from the call itself (its args, the tool), and put what may run unasked in an approval policy, so a change to it is a change to the project that diff reports.',
    internalImport: "Import from 'agent-tools' (or 'agent-tools/ai', '/mcp', '/cli', '/skills', '/toolkit') only.",
    codeBypass:
      "Run the tool through runTool (with an approve callback that asks), or call the plain function the tool's execute calls; a test may call execute itself (test files are not read for this, unless a command line runs it or a file that is not a test imports it).",
    rawExecute:
      'Run "{{tool}}" through runTool (with an approve callback that asks); code meant to run without approval belongs in a plain function of its own, which the tool\'s execute calls (a test may call it: test files are not read for this).',
    sharedExecute:
      'Give "{{tool}}" an execute of its own that does only what it says, or let it ask for approval as "{{owner}}" does (mutates, needsApproval: true).',
  },
  warnOnly: [
    'staleAllow',
    'unread',
    'wrapper',
    'write',
    'approveAll',
    'answersAll',
    'mcpAnswersAll',
    'approveUnread',
    'commandLine',
    'nestedConfig',
    'tampered',
    'rewritten',
    'dataAnswer',
    'clientAnswer',
    'consoleAnswer',
    'envDecides',
    'internalImport',
    'setOverride',
    'sharedExecute',
    'rawExecute',
  ],
  readsIgnored:
    "a file the configuration's ignore leaves out still runs, so an approval it grants (an approver that says yes, a command line with --yes) is still reported",
  run({ analysis, approvalSites, cwd, report }) {
    // one walk of the project: its grants, and the test files it runs as code, which are read as any other file
    const { grants: found, testsRun, codeRun } = projectApprovalGrants(cwd);
    const writes = approvalWrites(analysis, cwd, leftAloneAsTest(testsRun), undefined, codeRun);
    // an approver that reads the command line makes each command line that runs it with an argument, and code changing it, a grant
    const grants = [...found, ...argvGrants(approvalDeciders(writes, analysis.tools), cwd)];
    // a tool asks by its own rule: needsApproval true or a function, else when destructive (the MCP default)
    const asking = analysis.tools.filter((t) =>
      t.approvalRule ? t.approvalRule.value !== false : isDestructive({ mutates: t.mutates, destructive: t.destructive }),
    );
    // a grant that names only tools of the toolbox that never ask (`call read_note --yes`) changes nothing
    const idle = (g: (typeof grants)[number]) =>
      g.kind !== 'nested' &&
      g.tamper === undefined &&
      !g.elicit &&
      g.answer === undefined &&
      g.variable === undefined &&
      g.loads === undefined &&
      g.shell === undefined &&
      g.skipped === undefined &&
      g.rule !== '*' &&
      analysis.tools.some((t) => grantNames(g, t.name)) &&
      !asking.some((t) => grantNames(g, t.name));
    for (const g of grants.filter((g) => !idle(g)))
      report({
        file: g.file,
        line: g.line,
        column: g.column,
        ...(g.kind === 'nested'
          ? { messageId: 'nestedConfig' as const, data: { rule: g.rule, file: g.file, folder: g.folder } }
          : g.why !== undefined
            ? { messageId: 'rewritten' as const, data: { path: `${g.file} ${g.path}`, what: g.tamper ?? '', why: g.why } }
            : g.tamper !== undefined
              ? { messageId: 'tampered' as const, data: { path: `${g.file} ${g.path}`, tamper: g.tamper, why: TAMPER_WHY } }
              : g.elicit
                ? { messageId: 'clientAnswer' as const, data: { path: `${g.file} ${g.path}` } }
                : g.answer === CONSOLE_ANSWER
                  ? { messageId: 'consoleAnswer' as const, data: { path: `${g.file} ${g.path}` } }
                  : g.answer !== undefined
                    ? { messageId: 'dataAnswer' as const, data: { path: `${g.file} at ${g.path}` } }
                    : {
                        messageId: 'commandLine' as const,
                        data: {
                          path: `${g.file} ${g.path}`,
                          grant:
                            g.skipped !== undefined
                              ? g.skipped
                              : g.loads !== undefined
                                ? `${g.loads}, ${PRELOAD_WHY}`
                                : g.shell !== undefined
                                  ? `${g.shell}, ${shellWhy(g.shell)}`
                                  : g.cli !== undefined
                                    ? ownCliWords(g.cli, g.variable, g.argv)
                                    : g.argv !== undefined
                                      ? g.argv
                                      : g.variable !== undefined
                                        ? `an argument filled in at run time, ${JSON.stringify(g.variable)}, which may pass --approve "*"`
                                        : g.pty !== undefined
                                          ? `call ${g.rule} under ${g.pty}, ${PTY_WHY}`
                                          : g.kind === 'approve'
                                            ? `serve --approve ${JSON.stringify(g.rule)}`
                                            : `call ${g.rule} --yes`,
                          what:
                            (g.variable !== undefined && g.cli === undefined) ||
                            (g.cli !== undefined && g.rule === '*') ||
                            g.loads !== undefined ||
                            g.shell !== undefined ||
                            g.skipped !== undefined ||
                            g.argv !== undefined
                              ? 'every tool'
                              : g.kind === 'approve'
                                ? `the tools ${JSON.stringify(g.rule)} matches`
                                : // a toolsToCommands command is the tool's name in kebab case: named as the tool it runs
                                  `the tool ${(g.cli !== undefined && analysis.tools.find((t) => kebabName(t.name) === g.rule)?.name) || g.rule}`,
                        },
                      }),
      });
    for (const w of defineToolWrapperKeys(analysis, cwd))
      report({
        file: w.file,
        line: w.line,
        column: w.column,
        messageId: 'wrapper',
        data: {
          file: w.file,
          key: w.key === 'computed' ? COMPUTED_KEY : w.key,
          unless: w.overridable ? ' that does not set it itself' : '',
        },
      });
    for (const t of analysis.tools) {
      const env = t.approvalRule?.value === 'per-call' ? outsideDecides(t.approvalRule.decides) : undefined;
      if (env && t.approvalRule)
        report({
          file: t.approvalRule.file,
          line: t.approvalRule.line,
          column: t.approvalRule.column,
          messageId: 'envDecides',
          data: { what: `The needsApproval function of ${t.name}`, ...env },
        });
    }
    for (const w of writes) {
      const env = w.key === 'approve' ? outsideDecides(w.decides) : undefined;
      if (env)
        report({
          file: w.file,
          line: w.line,
          column: w.column,
          messageId: 'envDecides',
          data: {
            what: w.answers
              ? `The answer to approval requests (${w.callee ?? 'an answer'})`
              : `The approve callback passed to ${w.callee ?? 'an adapter'}`,
            ...env,
          },
        });
    }
    const names = analysis.tools.map((t) => t.name);
    // code outside the tools that runs one known not to ask is left alone
    const askingNames = new Set(asking.map((t) => t.name));
    const asks = (name: string | undefined) => (name !== undefined && names.includes(name) ? askingNames.has(name) : asking.length > 0);
    // a tool that does not ask handing over as its execute the function a tool that asks runs (`execute: removeNote`)
    const unasked = analysis.tools.filter((t) => !askingNames.has(t.name));
    const named = (t: (typeof unasked)[number]) => {
      const sf = sourceFileOf(analysis, t.file)?.compilerNode;
      return sf !== undefined && executeIsNamed(sf, t.line, t.column);
    };
    const executes =
      asking.length > 0 && unasked.some(named)
        ? executeFunctions(
            analysis.tools,
            analysis.sourceFiles.map((sf) => sf.getFilePath()),
            cwd,
          )
        : new Map<string, never>();
    for (const t of unasked) {
      const is = executes.get(t.name);
      const owner = is && asking.find((a) => executes.get(a.name)?.key === is.key);
      if (is && owner)
        report({
          file: t.file,
          line: t.line,
          column: t.column,
          messageId: 'sharedExecute',
          data: { tool: t.name, fn: is.fn.name, file: is.fn.file, owner: owner.name },
        });
    }
    for (const w of writes)
      if (w.key === 'override')
        report({
          file: w.file,
          line: w.line,
          column: w.column,
          messageId: 'setOverride',
          data: { key: w.target ?? '', at: `${w.file}:${w.line}:${w.column}` },
        });
      else if (w.key === 'internal')
        report({ file: w.file, line: w.line, column: w.column, messageId: 'internalImport', data: { specifier: w.target ?? '' } });
      else if (w.key === 'execute' && w.target !== undefined && w.outside) {
        if (asks(w.targetName))
          report({
            file: w.file,
            line: w.line,
            column: w.column,
            messageId: 'codeBypass',
            data: { code: w.callee ?? 'the top level', target: w.target, at: `${w.file}:${w.line}:${w.column}` },
          });
      } else if (w.key === 'raw') {
        if (asks(w.targetName))
          report({
            file: w.file,
            line: w.line,
            column: w.column,
            messageId: 'rawExecute',
            data: {
              code: w.callee ?? 'the top level',
              use: w.value ? 'hands on' : 'calls',
              fn: w.target ?? '',
              at: `${w.file}:${w.line}:${w.column}`,
              tool: w.targetName ?? '',
            },
          });
      } else if (w.key === 'execute' && w.target !== undefined)
        report({
          file: w.file,
          line: w.line,
          column: w.column,
          messageId: 'toolBypass',
          data: { tool: w.callee ?? '(unnamed)', target: w.target, at: `${w.file}:${w.line}:${w.column}` },
        });
      else if (w.key === 'execute') {
        if (asking.length > 0)
          report({
            file: w.file,
            line: w.line,
            column: w.column,
            messageId: 'bypass',
            data: {
              adapter: adapterWords(w.callee),
              at: `${w.file}:${w.line}:${w.column}`,
              asking:
                asking.length === 1
                  ? `${asking[0]!.name}, which asks,`
                  : `each of ${asking.length} tools that ask (${asking
                      .slice(0, 3)
                      .map((t) => t.name)
                      .join(', ')}${asking.length > 3 ? ', ...' : ''})`,
            },
          });
      } else if (w.decides === undefined)
        report({
          file: w.file,
          line: w.line,
          column: w.column,
          ...(w.key === 'approve' && w.unread !== undefined
            ? { messageId: 'approveUnread' as const, data: { callee: w.callee ?? 'an adapter', why: w.unread } }
            : w.key === 'approve' && w.answers
              ? { messageId: w.mcp ? ('mcpAnswersAll' as const) : ('answersAll' as const), data: { callee: w.callee ?? 'an answer' } }
              : w.key === 'approve'
                ? { messageId: 'approveAll' as const, data: { callee: w.callee ?? 'an adapter' } }
                : {
                    messageId: 'write' as const,
                    data: { key: w.key === 'computed' ? COMPUTED_KEY : w.key, at: `${w.file}:${w.line}:${w.column}` },
                  }),
        });
    // options that cannot be read are already reported as an approver that cannot be: one warning at one place
    const approverUnread = new Set(
      writes.filter((w) => w.key === 'approve' && w.unread !== undefined).map((w) => `${w.file}:${w.line}:${w.column}`),
    );
    for (const { of, unread } of approvalSites)
      if (unread && !approverUnread.has(`${unread.file}:${unread.line}:${unread.column}`))
        report({
          file: unread.file,
          line: unread.line,
          column: unread.column,
          messageId: unread.inherits ? 'inherits' : 'unread',
          data: { of, why: unread.why },
        });
    // a const read by two policies holds each of its rules once
    const seen = new Set<string>();
    for (const s of staleApprovalRules(approvalSites, names)) {
      const key = s.at ? `${s.at.file}:${s.at.start}:${s.where}` : undefined;
      if (key !== undefined && seen.has(key)) continue;
      if (key !== undefined) seen.add(key);
      const place = s.at ? { file: s.at.file, line: s.at.line, column: s.at.column } : { file: s.configFile!, line: 1, column: 1 };
      const near = s.suggestions.length ? ` (did you mean ${s.suggestions.join(', ')}?)` : '';
      report({ ...place, messageId: s.list === 'allow' ? 'staleAllow' : 'stale', data: { rule: s.rule, where: s.where, near } });
    }
  },
});

/**
 * What set where the program runs decides the deciding text `text` (see `decidingText`), as the
 * `envDecides` message data: the environment it reads (`process.env.X`, see `readsEnvironment`),
 * else the command line (`process.argv`, `parseArgs()`, see `readsCommandLine`); `undefined` for neither.
 */
function outsideDecides(text: string | undefined): { source: string; env: string; where: string } | undefined {
  const env = readsEnvironment(text);
  if (env) return { source: 'the environment', env, where: "an MCP client's env, a CI variable" };
  const argv = readsCommandLine(text);
  return argv
    ? { source: 'the command line', env: argv, where: "the command that starts it: a package.json script, an MCP client's args" }
    : undefined;
}
