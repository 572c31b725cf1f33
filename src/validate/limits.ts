/** The default numeric limits of the checks, light to import. */

import type { Limits } from './types.js';

/** The default limits (see {@link Limits}); light to import (scaffold warns by them). */
export const DEFAULT_LIMITS: Limits = {
  coreMaxTools: 30,
  coreMaxTokens: 3000,
  descriptionMin: 20,
  descriptionMax: 1024,
  nameWarnLength: 40,
};
