import type { Limits } from './types.js';

/** The default limits (see {@link Limits}); light to import (scaffold warns by them). */
export const DEFAULT_LIMITS: Limits = {
  coreMaxTools: 30,
  coreMaxTokens: 3000,
  descriptionMin: 20,
  descriptionMax: 1024,
  nameWarnLength: 40,
};

/** Tool names validate's snake-case-name check accepts: `^[a-z][a-z0-9]*(_[a-z0-9]+)*$`. */
export const SNAKE_CASE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;
