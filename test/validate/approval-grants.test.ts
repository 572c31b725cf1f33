/** Tests how an agent-tools command line in a project file is split into words and read for the approval it grants. */

import { describe, expect, it } from 'vitest';
import { commandLineGrants } from '../../src/validate/approval-grants.js';
import { shellWords } from '../../src/validate/command-words.js';

const grants = (line: string) => commandLineGrants(shellWords(line));
/** A grant of "*": a run-time value (`variable`) may pass --approve or --yes for any tool. */
const anyTool = (variable: string) => [{ kind: 'approve', rule: '*', variable }];

describe('the approval an agent-tools command line grants', () => {
  it('splits as a shell: quotes and escapes removed, each operator that ends a command a ";"', () => {
    expect(shellWords(`a 'b c' "d \\"e\\"" f\\ g && h || i; j | k 2>&1`)).toEqual([
      'a',
      'b c',
      'd "e"',
      'f g',
      ';',
      'h',
      ';',
      'i',
      ';',
      'j',
      ';',
      'k',
      '2>&1',
    ]);
  });

  it('reads each serve --approve value, as a separate word or after "=", past options before the command', () => {
    expect(grants(`npx agent-tools@1.2.0 --debug serve tools/registry.ts --approve 'delete_*' --approve=set_font --tier all`)).toEqual([
      { kind: 'approve', rule: 'delete_*' },
      { kind: 'approve', rule: 'set_font' },
    ]);
    expect(grants('node node_modules/agent-tools/bin/agent-tools.js serve tools/registry.ts --approve "*"')).toEqual([
      { kind: 'approve', rule: '*' },
    ]);
  });

  it('an argument of serve or call filled in at run time is a grant of "*": it may pass --approve or --yes', () => {
    expect(grants('agent-tools serve tools/registry.ts $npm_package_config_serveflags')).toEqual(anyTool('$npm_package_config_serveflags'));
    expect(grants('agent-tools serve tools/registry.ts --approve "${TOOL}"')).toEqual(anyTool('${TOOL}'));
    expect(grants('agent-tools call ./tools.ts remove_user %CALL_FLAGS%')).toEqual(anyTool('%CALL_FLAGS%'));
    // a tool filled in at run time, then --yes: that "*" and no tool named "$TOOL"
    expect(grants('agent-tools call ./tools.ts $TOOL --id 7 --yes')).toEqual(anyTool('$TOOL'));
    expect(grants('agent-tools serve tools/registry.ts --tier all')).toEqual([]);
  });

  it('serve or call run through xargs may get any flag from the file or stdin xargs reads: a grant of "*" naming the xargs words', () => {
    expect(grants('xargs -a ops/flags.txt npx agent-tools serve tools/registry.ts')).toEqual(anyTool('xargs -a ops/flags.txt'));
    expect(grants('cat ops/flags.txt | xargs npx agent-tools serve tools/registry.ts')).toEqual(anyTool('xargs'));
    expect(grants('/usr/bin/xargs -0 --arg-file ops/flags -n 9 agent-tools call ./tools.ts remove_user')).toEqual(
      anyTool('/usr/bin/xargs -0 --arg-file ops/flags -n 9'),
    );
    // the command itself may come from the file
    expect(grants('xargs -a ops/cmd.txt npx agent-tools')).toEqual(anyTool('xargs -a ops/cmd.txt'));
    expect(grants('xargs -a ops/files.txt npx agent-tools validate')).toEqual([]);
    expect(grants('xargs -a ops/files.txt rm; npx agent-tools serve tools/registry.ts')).toEqual([]);
  });

  it('reads call <module> <tool> --yes as that tool, and nothing where the command ends first or is not agent-tools', () => {
    expect(grants('agent-tools call ./tools.ts remove_user --id 7 --yes')).toEqual([{ kind: 'yes', rule: 'remove_user' }]);
    expect(grants('agent-tools call ./tools.ts remove_user --id 7 && other --yes')).toEqual([]);
    expect(grants('agent-tools call ./tools.ts --list --yes')).toEqual([]);
    // call has no -y: it refuses the call (unknown option '-y'), so nothing runs unasked
    expect(grants('npx -y agent-tools call ./tools.ts remove_user --id 7 -y')).toEqual([]);
    expect(grants('agent-tools serve tools/registry.ts; other --approve "*"')).toEqual([]);
    expect(grants('my-agent-tools serve x --approve "*"')).toEqual([]);
  });
});
