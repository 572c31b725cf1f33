import { formatMessage } from '../messages.js';
import type { Reporter } from './types.js';

/**
 * The result as JSON (2-space indented): `{ summary: { files, tools, errors, warnings,
 * tiers }, checks, findings }`, each finding with its formatted `message` added.
 */
export const json: Reporter = (result) => {
  const { files, tools, errors, warnings, tiers, checks, findings } = result;
  return (
    JSON.stringify(
      {
        summary: { files, tools, errors, warnings, tiers },
        checks,
        findings: findings.map((f) => ({ ...f, message: formatMessage(f) })),
      },
      null,
      2,
    ) + '\n'
  );
};
