/** A validate result as text in one `--format`, exactly as the command prints it. */

import { readFileSync } from 'node:fs';
import { NO_COLORS } from '../shared/colors.js';
import { UsageError } from '../shared/errors.js';
import type { FindingsFormat, FormatFindingsOptions, ValidateResult } from './api-types.js';
import { FORMAT_NAMES, REPORTERS } from './reporters/index.js';

let version: string | undefined;
function packageVersion(): string {
  version ??= (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  return version;
}

/**
 * A validate result as text in `format`, exactly as `agent-tools validate --format` prints it
 * (the text format colored only with `options.colors`). Pure apart from reading the package
 * version once (SARIF names it).
 *
 * @throws {UsageError} for an unknown format.
 */
export function formatFindings(result: ValidateResult, format: FindingsFormat, options: FormatFindingsOptions = {}): string {
  if (!FORMAT_NAMES.includes(format)) throw new UsageError(`unknown format "${String(format)}"; use one of ${FORMAT_NAMES.join(', ')}`);
  const findings = result.findings.filter((f) => !options.errorsOnly || f.severity === 'error').map(({ message: _message, ...f }) => f);
  return REPORTERS[format](
    { ...result.summary, profile: result.profile, checks: result.checks, findings },
    { colors: options.colors ?? NO_COLORS, version: packageVersion() },
  );
}
