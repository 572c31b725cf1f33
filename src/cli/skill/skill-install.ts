/** `skill install`: skill files, Agent Skills folders, folders of skills and catalogs into the store. */

import { checkInstall, readInstallPaths } from '../../skills/files/install-check.js';
import { SkillExistsError } from '../../skills/store/store.js';
import { splitUnchanged } from '../../skills/store/unchanged-skills.js';
import { skillAccess } from '../../skills/files/skill-access.js';
import { skillKindOf } from '../../skills/kinds/index.js';
import { ConfigError } from '../../shared/errors.js';
import { sandboxSupport } from '../../skills/executors/script-sandbox.js';
import { noSandboxMessage } from '../../skills/executors/script-executor.js';
import { withStoreCreated, type SkillCommandOptions } from './with-store.js';

/**
 * `skill install`: skill files, Agent Skills folders, folders of skills, and catalogs (a
 * whole store from `skill export`, restored with switches and times). Every source is
 * validated first; any problem refuses all of them (exit 2), the store unchanged. A skill installed already as it is
 * is skipped and printed as unchanged; only one that differs needs `--force`. Each skill
 * installed is printed with what it may reach (network for a script, the environment
 * variables it reads and where they go); where bubblewrap cannot run, a warning on stderr says
 * that its script skills will not run without `--unsandboxed`.
 */
export async function skillInstall(given: string[], opts: SkillCommandOptions): Promise<number> {
  const check = checkInstall(readInstallPaths(given));
  if (!check.ok) throw new ConfigError(check.message);
  return withStoreCreated(opts, async (store) => {
    try {
      // a skill installed already as it is (a catalog restored after one skill was removed) is no conflict: skipped, said so
      const { unchanged, rest } = await splitUnchanged(store, check.entries);
      for (const name of unchanged) process.stdout.write(`unchanged ${name} (installed already as it is)\n`);
      const installed = rest.length === 0 ? [] : await store.install(rest, { force: opts.force === true });
      for (const s of installed) {
        process.stdout.write(`installed ${s.name} (${s.kind}${s.enabled ? '' : ', disabled'}) from ${s.source ?? '-'}\n`);
        for (const line of skillAccess(s.skill)) process.stdout.write(`  ${line}\n`);
      }
      const scripts = installed.filter((s) => skillKindOf(s.skill).sandboxed === true).map((s) => s.name);
      if (scripts.length > 0) {
        const support = await sandboxSupport();
        if (!support.ok) process.stderr.write(`agent-tools: warning: ${scripts.join(', ')}: ${noSandboxMessage(support.reason)}\n`);
      }
      return 0;
    } catch (err) {
      if (err instanceof SkillExistsError) throw new ConfigError(`nothing installed: ${err.message}`);
      throw err;
    }
  });
}
