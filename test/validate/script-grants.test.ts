/** Tests that command lines in git hooks, direnv and .env files, Jenkins pipelines and a command held in a variable are read for grants. */

import { afterAll, describe, expect, it } from 'vitest';
import { grantProjects } from './grant-project.js';

const CALL = 'npx agent-tools call tools/tools.ts delete_note --id n1 --yes';

describe('grants in the files a shell, a git hook or a CI server runs', () => {
  /** The grants of a project holding `files`, as `file:line kind rule`. */
  const { grants, dispose } = grantProjects(
    (g) => `${g.file}:${g.line} ${g.kind} ${g.rule}${g.variable !== undefined ? ` (${g.variable})` : ''}`,
  );
  afterAll(dispose);

  it('a husky hook with no shebang, .envrc, .env and a Jenkinsfile step', () => {
    expect(
      grants({
        '.husky/pre-commit': `npm test\n${CALL}\n`,
        '.envrc': `export NOTES_DIR=./notes\n${CALL}\n`,
        '.env': `NOTES_DIR=./notes\n`,
        Jenkinsfile: `pipeline {\n  agent any\n  stages {\n    stage('reset') { steps { sh '${CALL}' } }\n  }\n}\n`,
        'ci/deploy.groovy': `node {\n  sh "${CALL}"\n}\n`,
      }),
    ).toEqual([
      '.envrc:2 yes delete_note',
      '.husky/pre-commit:2 yes delete_note',
      'Jenkinsfile:4 yes delete_note',
      'ci/deploy.groovy:2 yes delete_note',
    ]);
  });

  it("a JetBrains run configuration's attributes are one command line; an element that names no agent-tools gives nothing", () => {
    const config = (program: string) =>
      `<component name="ProjectRunConfigurationManager">\n  <configuration name="purge" type="NodeJSConfigurationType" ` +
      `path-to-js-file="${program}" application-parameters="call tools/tools.ts delete_note --id n1 --yes" />\n</component>\n`;
    expect(
      grants({ '.run/purge.run.xml': config('node_modules/agent-tools/bin/agent-tools.js'), '.run/other.run.xml': config('scripts/x.js') }),
    ).toEqual(['.run/purge.run.xml:2 yes delete_note']);
  });

  it('a command held in a variable and run with call or serve counts as agent-tools; other variables do not', () => {
    expect(
      grants({
        'scripts/reset.sh':
          '#!/bin/sh\nAT="npx agent-tools"\n$AT call tools/tools.ts delete_note --yes\n${AT} serve tools/tools.ts --approve "*"\n$EDITOR call.txt\n',
      }),
    ).toEqual(['scripts/reset.sh:3 yes delete_note', 'scripts/reset.sh:4 approve *']);
  });

  it('a variable where the command goes may name any command with any flag; a bash array over lines is one command line', () => {
    const registry = 'packages/notes/src/tools/registry.ts';
    expect(
      grants({
        'scripts/serve.sh': `#!/bin/bash\nargs=(serve ${registry} --no-skills\n  --approve delete_note)\nexec npx agent-tools "\${args[@]}"\n`,
        'scripts/run.sh': '#!/bin/sh\nnpx agent-tools --debug $CMD\n',
        'scripts/argv.sh': `#!/bin/bash\nargv=(npx agent-tools serve ${registry}\n  --approve delete_note)\n"\${argv[@]}"\n`,
        // harmless: an array without agent-tools, and agent-tools with a fixed command
        'scripts/lint.sh': '#!/bin/bash\nopts=(--fix\n  --approve x)\nnpx eslint "${opts[@]}"\nnpx agent-tools validate "$DIR"\n',
      }),
    ).toEqual(['scripts/argv.sh:2 approve delete_note', 'scripts/run.sh:2 approve * ($CMD)', 'scripts/serve.sh:4 approve * (${args[@]})']);
  });

  it('YAML scalars and flow lists over lines and a Dockerfile exec form over lines are read as YAML and Docker join them', () => {
    const registry = 'packages/notes/src/tools/registry.ts';
    expect(
      grants({
        '.github/workflows/reset.yml': [
          'on: push',
          'jobs:',
          '  reset:',
          '    runs-on: ubuntu-latest',
          '    steps:',
          '      - run: >-',
          `          npx agent-tools call ${registry} delete_note`,
          '          --id n1 --yes',
          // harmless: a folded validate, and a more indented line YAML keeps apart (a command of its own)
          '      - run: >-',
          '          npx agent-tools validate .',
          '          --strict',
          '      - run: >',
          `          npx agent-tools call ${registry} delete_note`,
          '            --yes',
          '',
        ].join('\n'),
        'compose.yaml': [
          'services:',
          '  folded:',
          '    command: >-',
          `      npx agent-tools serve ${registry}`,
          '      --approve delete_note',
          '  plain:',
          `    command: npx agent-tools serve ${registry}`,
          '      --approve archive_note',
          '  flow:',
          `    command: ["npx", "agent-tools", "serve", "${registry}",`,
          '      "--approve", "rename_note"]',
          '',
        ].join('\n'),
        'k8s/notes.yaml': [
          'spec:',
          '  containers:',
          '    - name: notes',
          '      command: ["npx", "agent-tools"]',
          `      args: ["serve", "${registry}",`,
          '        "--approve", "*"]',
          '',
        ].join('\n'),
        Dockerfile: `FROM node:22\nCMD ["npx", "agent-tools", "serve", \\\n  "${registry}", "--approve", "tag_note"]\n`,
        'Dockerfile.entry': `FROM node:22\nENTRYPOINT ["npx", "agent-tools"]\nCMD ["serve", "${registry}", "--approve", "pin_note"]\n`,
      }),
    ).toEqual([
      '.github/workflows/reset.yml:7 yes delete_note',
      'Dockerfile.entry:3 approve pin_note',
      'Dockerfile:2 approve tag_note',
      'compose.yaml:10 approve rename_note',
      'compose.yaml:4 approve delete_note',
      'compose.yaml:7 approve archive_note',
      'k8s/notes.yaml:5 approve *',
    ]);
  });

  it("Python's starred list in a command line: the list the file writes, else any flag", () => {
    expect(
      grants({
        'ops/serve.py': [
          'import os, sys',
          'EXTRA = [',
          '    "--approve",  # the notes cleanup',
          '    "delete_note",',
          ']',
          'SAFE = ["--no-skills"]',
          'os.execvp("npx", ["npx", "agent-tools", "serve", "reg.ts", *EXTRA])',
          'os.execvp("npx", ["npx", "agent-tools", "serve", "reg.ts", *SAFE])',
          'os.execvp("npx", ["npx", "eslint", *EXTRA])',
          'def run(flags):',
          '    os.execvp("npx", ["npx", "agent-tools", "serve", "reg.ts", *flags])',
          '    os.execvp("npx", ["npx", "agent-tools", "call", "reg.ts", "list_notes", *sys.argv[1:]])',
          '',
        ].join('\n'),
      }),
    ).toEqual(['ops/serve.py:11 approve * (${flags})', 'ops/serve.py:12 approve * (${sys.argv})', 'ops/serve.py:7 approve delete_note']);
  });
});
