/** The prompts of `scaffold --interactive`: one tool spec asked on the terminal, then a confirmation to write. */

import * as inquirer from '@inquirer/prompts';
import { linePrompts, plainPrompts, promptOutput } from './prompt-terminal.js';
import { PARAM_TYPES, type ParamDef, type ParamType } from '../core/param.js';
import { paramNameAnswer, toolNameAnswer, toolNameTypingHint } from './scaffold-answers.js';
import { describeInference, inferParam } from '../scaffold/infer.js';
import { DOMAIN_PATTERN } from '../scaffold/spec.js';

type Config<P extends (config: never, context?: never) => unknown> = Parameters<P>[0];

/**
 * The prompts, on the terminal: written to stdout when it is a terminal, else stderr (so a
 * redirected stdout never holds them); with `TERM=dumb`, plain lines with no cursor movement.
 */
function prompts() {
  const output = promptOutput();
  if (plainPrompts()) return linePrompts(output);
  return {
    input: (c: Config<typeof inquirer.input>) => inquirer.input(c, { output }),
    confirm: (c: Config<typeof inquirer.confirm>) => inquirer.confirm(c, { output }),
    select: <T extends string>(c: { message: string; choices: { name: string; value: T }[]; default?: T }) =>
      inquirer.select<T>(c, { output }),
  };
}

/**
 * Asks for one tool spec on the terminal: name (checked as you type), description,
 * mutates, destructive, domain, tier, then params one by one (name, then a description
 * from which the type is inferred and shown; the user keeps or changes the type).
 * Writes nothing.
 *
 * @param log where inference lines go (the CLI passes stderr).
 * @returns a spec object in the same shape as the JSON front end takes (full-form params),
 *   to be checked by `parseSpecs` like any other.
 * @throws {ExitPromptError} (from @inquirer/core) when the user presses Ctrl-C.
 */
export async function askSpec(log: (line: string) => void): Promise<Record<string, unknown>> {
  const { input, confirm, select } = prompts();
  const name = await input({
    message: 'Tool name (snake_case):',
    // refused at Enter with the snake_case name to use (`SetFont`: try set_font); validate's snake-case-name rule
    validate: toolNameAnswer,
    // checked as you type: a hint appears beside the name while it is not snake_case
    transformer: (v, { isFinal }) => {
      const hint = isFinal ? '' : toolNameTypingHint(v);
      return hint ? `${v}  ${hint}` : v;
    },
  });
  const description = await input({
    message: 'What does it do (for the model)?',
    validate: (v) => v.trim() !== '' || 'a description is required',
  });
  const mutates = await confirm({ message: 'Does it change state (mutates)?', default: false });
  const destructive = mutates ? await confirm({ message: 'Can the change not be undone (destructive)?', default: false }) : false;
  const domain = await input({
    message: 'Folder (domain):',
    default: mutates ? 'modify' : 'read',
    validate: (v) => DOMAIN_PATTERN.test(v) || `must be one folder name matching ${DOMAIN_PATTERN.source}`,
  });
  const tier = await select({
    message: 'Tier:',
    choices: [
      { name: 'core (always shown to the model; served by default)', value: 'core' },
      { name: 'extended (loaded when needed)', value: 'extended' },
    ],
    default: 'core',
  });
  const params: Record<string, ParamDef> = {};
  for (;;) {
    const raw = await input({
      message: 'Param name (snake_case or camelCase; end with ! if required; empty to finish):',
      validate: (v) => paramNameAnswer(v, params),
    });
    if (raw === '') break;
    const text = await input({
      message: `Description of ${raw.replace(/!$/, '')} (what it means; 100-900, a|b|c, true/false, #hex or "list of" in it set the type):`,
      validate: (v) => v.trim() !== '' || 'a description is required',
    });
    const inf = inferParam(raw, text);
    log(`  inferred ${describeInference(inf)}`);
    const type = await select<ParamType>({
      message: `Type of ${inf.name}:`,
      choices: PARAM_TYPES.map((t) => ({ name: t === inf.def.type ? `${t} (inferred)` : t, value: t })),
      default: inf.def.type,
    });
    params[inf.name] =
      type === inf.def.type ? inf.def : { type, description: inf.def.description, ...(inf.def.required ? { required: true } : {}) };
  }
  return { name, description, mutates, ...(mutates ? { destructive } : {}), domain, tier, params };
}

/** Asks whether to write the previewed files (default yes). */
export async function confirmWrite(count: number): Promise<boolean> {
  return prompts().confirm({ message: `Write ${count} file${count === 1 ? '' : 's'}?`, default: true });
}
