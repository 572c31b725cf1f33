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

/**
 * The size cap (bytes) of a project file that validate's approval readers read (a script, a launcher, a JSON file):
 * a bigger one is taken to be a bundle or generated; one that may run is reported as unread rather than read in part.
 */
export const MAX_READ_BYTES = 1_000_000;
