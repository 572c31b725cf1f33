/** What a validate reporter is: a pure function from a result to text, and its options. */

import type { Colors } from '../../shared/colors.js';
import type { ValidateResult } from '../run-checks.js';

/** What every reporter receives besides the result. */
export interface ReporterOptions {
  /** Color functions; identity functions when color is off. Only `text` uses them. */
  colors: Colors;
  /** The agent-tools version, for formats that name their tool (SARIF). */
  version: string;
}

/** A reporter: a pure function from a result to the text to print or write. */
export type Reporter = (result: ValidateResult, options: ReporterOptions) => string;
