/** Without @inquirer/prompts, the terminal approver says in one sentence how to go on. */

import { describe, expect, it, vi } from 'vitest';

// the package as if not installed: reading its export throws what Node throws for a missing package
vi.mock('@inquirer/prompts', () => ({
  get confirm(): never {
    throw Object.assign(new Error("Cannot find package '@inquirer/prompts' imported from cli-approval.js"), {
      code: 'ERR_MODULE_NOT_FOUND',
    });
  },
}));

const { terminalApprover } = await import('../../src/adapters/cli-approval.js');

describe('terminalApprover without @inquirer/prompts', () => {
  it('is unavailable, with one sentence: install it, --yes, or approval.allow', async () => {
    const approve = terminalApprover({ yes: false, interactive: true, stderr: () => {} });
    const decision = await approve({
      tool: { name: 'delete_note', description: 'Deletes a note.' },
      args: { id: 'n1' },
      why: 'it is destructive',
    } as unknown as Parameters<typeof approve>[0]);
    expect(decision).toMatchObject({
      approved: false,
      unavailable: true,
      hint: 'Install @inquirer/prompts (npm install -D @inquirer/prompts) to be asked, run it again with --yes to approve it, or list it under approval.allow in agent-tools.config.json and commit that file.',
    });
  });
});
