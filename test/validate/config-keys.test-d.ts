/** Type test: the light list of configuration keys (what serve, call and skill run check) equals the configuration schema's keys. */

import { describe, expectTypeOf, it } from 'vitest';
import type { ValidateConfig } from '../../src/validate/config.js';
import type { ConfigKey } from '../../src/validate/config-keys.js';

describe('CONFIG_KEYS', () => {
  it('names exactly the keys of the configuration schema', () => {
    expectTypeOf<ConfigKey>().toEqualTypeOf<keyof ValidateConfig>();
  });
});
