/** Where interactive prompts are written, and plain line-by-line prompts for a terminal without cursor movement. */

import { createInterface } from 'node:readline/promises';

/**
 * Where interactive prompts are written: stdout on a terminal, else stderr, so that
 * `scaffold --interactive > file` keeps the prompts on the terminal and out of the file.
 */
export function promptOutput(): NodeJS.WritableStream {
  return process.stdout.isTTY ? process.stdout : process.stderr;
}

/** True when prompts must be plain lines: `TERM=dumb` has no cursor movement, so no redrawn prompt. */
export const plainPrompts = (env: NodeJS.ProcessEnv = process.env): boolean => env.TERM === 'dumb';

type Validate = (v: string) => boolean | string;

/**
 * Line-by-line prompts for a terminal without cursor movement (`TERM=dumb`): each question is one
 * line of text, read in the terminal's own line mode, asked again with the problem when its
 * answer is refused. The same answers as the @inquirer/prompts ones (Enter keeps the default).
 */
export function linePrompts(output: NodeJS.WritableStream = promptOutput()) {
  const ask = async (question: string): Promise<string> => {
    const rl = createInterface({ input: process.stdin, output, terminal: false });
    try {
      output.write(question);
      const line = await new Promise<string | undefined>((resolve) => {
        rl.once('line', resolve);
        rl.once('close', () => resolve(undefined));
      });
      if (line === undefined) throw Object.assign(new Error('stdin ended'), { name: 'ExitPromptError' });
      return line;
    } finally {
      rl.close();
    }
  };
  const input = async (c: { message: string; default?: string; validate?: Validate }): Promise<string> => {
    for (;;) {
      const got = (await ask(`${c.message}${c.default ? ` (${c.default})` : ''} `)) || (c.default ?? '');
      const ok = c.validate?.(got) ?? true;
      if (ok === true) return got;
      output.write(`  ${ok}\n`);
    }
  };
  const confirm = async (c: { message: string; default?: boolean }): Promise<boolean> => {
    for (;;) {
      const got = (await ask(`${c.message} (${c.default ? 'Y/n' : 'y/N'}) `)).trim().toLowerCase();
      if (got === '') return c.default ?? false;
      if (/^y(es)?$/.test(got)) return true;
      if (/^no?$/.test(got)) return false;
      output.write('  answer y or n\n');
    }
  };
  const select = async <T extends string>(c: { message: string; choices: { name: string; value: T }[]; default?: T }): Promise<T> => {
    output.write(`${c.message}\n${c.choices.map((ch, i) => `  ${i + 1}) ${ch.name}`).join('\n')}\n`);
    for (;;) {
      const got = (await ask(`choose 1-${c.choices.length}${c.default ? ` (${c.default})` : ''}: `)).trim();
      if (got === '' && c.default !== undefined) return c.default;
      const hit = c.choices[Number(got) - 1] ?? c.choices.find((ch) => ch.value === got);
      if (hit) return hit.value;
      output.write(`  answer a number from 1 to ${c.choices.length}\n`);
    }
  };
  return { input, confirm, select };
}
