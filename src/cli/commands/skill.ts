/** The `skill` command's definition: install, list, show, enable, disable, remove, export, route, run and refresh. */

import type { Command } from 'commander';
import { DEFAULT_STORE_PATH, STORE_ENV, storeEngine } from '../../skills/store/store.js';
import { Option } from '../commander.js';
import { unsandboxedOption } from '../script-sandbox-mode.js';
import { docsPage } from '../../shared/docs-page.js';
import { examplesHelp } from '../help-examples.js';

type Opts = {
  store?: string;
  force?: boolean;
  json?: boolean;
  args?: string;
  tool?: string;
  out?: string;
  dryRun?: boolean;
  unsandboxed?: boolean;
  yes?: boolean;
  allowForeignTables?: boolean;
};

/** `agent-tools skill <install|list|show|enable|disable|remove|export|route|run|refresh>`: the installed skill store. */
export function registerSkill(program: Command): void {
  const skill = program
    .command('skill')
    .description(
      `install, list, switch, export, route, run and refresh skills kept in the skill store (.agent-tools/skills.db, or PostgreSQL: see ${docsPage('skill-store.md')})`,
    )
    .addHelpText(
      'after',
      examplesHelp([
        'skill install tone.json ./skills/pdf-tools',
        'skill list',
        'skill route "please polish this email"',
        'skill install --help',
      ]),
    );
  // every subcommand's help shows its options (the store's first), then its examples
  const sub = (name: string, description: string, examples: readonly string[]) =>
    skill
      .command(name)
      .description(description)
      .addOption(storeOption('the skill store'))
      .addOption(allowForeignTablesOption())
      .addHelpText('after', examplesHelp(examples.map((e) => `skill ${name} ${e}`.trimEnd())));
  const act =
    (fn: (mod: typeof import('../skill/skill-commands.js'), ...a: any[]) => Promise<number>) =>
    async (...a: any[]) => {
      const mod = await import('../skill/skill-commands.js');
      process.exitCode = await fn(mod, ...a);
    };
  sub('install', 'validate and install skill files (JSON) or Agent Skills folders (SKILL.md); all or nothing', [
    'tone.json ./skills/pdf-tools',
    './skills',
    'skills.json --force  # a catalog from skill export',
    './skills --store postgres://user:password@db:5432/skills',
  ])
    .argument('<paths...>', 'skill .json files, folders holding SKILL.md, or SKILL.md files')
    .option('--force', 'replace skills that are already installed')
    .action(act((m, paths: string[], o: Opts) => m.skillInstall(paths, o)));
  sub('list', 'list installed skills', ['', '--json --store .agent-tools/skills.db'])
    .option('--json', 'print JSON')
    .action(act((m, o: Opts) => m.skillList(o)));
  sub('show', 'show one installed skill', ['tone', 'word_count --json'])
    .argument('<name>', 'the installed skill (skill list names them)')
    .option('--json', 'print JSON')
    .action(act((m, name: string, o: Opts) => m.skillShow(name, o)));
  sub('enable', 'switch a skill on (a running server follows)', ['word_count'])
    .argument('<name>', 'the installed skill (skill list names them)')
    .action(act((m, name: string, o: Opts) => m.skillSetEnabled(name, true, o)));
  sub('disable', 'switch a skill off (a running server follows)', ['word_count'])
    .argument('<name>', 'the installed skill (skill list names them)')
    .action(act((m, name: string, o: Opts) => m.skillSetEnabled(name, false, o)));
  sub('remove', 'uninstall a skill', ['tone'])
    .argument('<name>', 'the installed skill (skill list names them)')
    .action(act((m, name: string, o: Opts) => m.skillRemove(name, o)));
  sub(
    'export',
    'print a skill file as installed, or without a name the whole store as a catalog that skill install restores (or write it with --out)',
    ['tone --out tone.json', '--out skills.json  # every skill, for skill install elsewhere'],
  )
    .argument('[name]', 'the skill; left out: every skill')
    .option('-o, --out <file>', 'write to this file instead of stdout')
    .option('--force', 'with --out: replace the file even if it is not an earlier catalog (never the skill store)')
    .action(act((m, name: string, o: Opts) => m.skillExport(name, o)));
  sub('route', 'which enabled prompt skills a message would activate', ['"please polish this email"', '"帮我润色这封 email" --json'])
    .argument('<message>', 'a user message, quoted as one argument')
    .option('--json', 'print JSON')
    .action(act((m, message: string, o: Opts) => m.skillRoute(message, o)));
  sub('run', 'call the tool of an installed tool or MCP skill; prints the JSON result', [
    `word_count --args '{"text":"a b c"}'`,
    `tickets --tool search --args '{"query":"login"}'`,
  ])
    .argument('<name>', 'the installed skill (skill list names them)')
    .option('--args <json>', 'the arguments as a JSON object', '{}')
    .option('--tool <tool>', 'for an MCP skill: which of its tools (<skill>__<tool> or <tool>)')
    .addOption(unsandboxedOption())
    .option('--yes', 'approve the call if it needs approval, without asking')
    // the tool's params given as flags (--city Paris) reach skillRun, which says to use --args
    .allowUnknownOption()
    .allowExcessArguments()
    .action(act((m, name: string, o: Opts, cmd: Command) => m.skillRun(name, o, cmd.args.slice(1))));
  sub(
    'refresh',
    "an MCP skill: show how its server's tools differ from the ones accepted (a changed or new tool is not offered) and accept them as they are now",
    ['tickets --dry-run', 'tickets'],
  )
    .argument('<name>', 'the installed MCP skill')
    .option('--dry-run', 'show the changes without accepting them; exit 1 when there are any')
    .option('--json', 'print JSON')
    .action(act((m, name: string, o: Opts) => m.skillRefresh(name, o)));
}

/**
 * `--store <location>`: a SQLite file or a postgres:// URL; AGENT_TOOLS_STORE when not given.
 * A URL of another scheme is a usage error (exit 2) naming the scheme, before the command runs.
 */
export function storeOption(what: string): Option {
  return new Option(
    '--store <location>',
    `${what}: a SQLite file or a postgres://user:password@host:port/db URL (?connect_timeout=<s>, default 5)`,
  )
    .env(STORE_ENV)
    .default(DEFAULT_STORE_PATH)
    .argParser((location: string) => {
      // a URL of a scheme the store does not know is refused here, before any command runs or creates
      // anything, naming where it came from (commander reads the variable only when the flag is absent)
      storeEngine(location, process.env[STORE_ENV] === location ? STORE_ENV : '--store');
      return location;
    });
}

/**
 * `--allow-foreign-tables`: keep the skill store in a SQLite file that holds another
 * application's tables; without it such a file is refused (exit 2) and left untouched.
 */
export function allowForeignTablesOption(): Option {
  return new Option(
    '--allow-foreign-tables',
    "use a SQLite --store file that holds other tables (another application's database) and add the skill store's tables to it",
  );
}
