/** The console page's own copy of the tier choice (the page compiles alone, without src/core) equals src/core/tier.ts's. */
import { describe, expectTypeOf, it } from 'vitest';
import type { Tier, TierChoice } from '../../src/core/tier.js';
import type { CatalogResponse, TierChoice as PageTierChoice } from '../../src/console/page/api-types.js';

describe("the page's tier type", () => {
  it('is TierChoice, and the catalog rows the page draws carry it', () => {
    expectTypeOf<PageTierChoice>().toEqualTypeOf<TierChoice>();
    expectTypeOf<Exclude<PageTierChoice, 'all'>>().toEqualTypeOf<Tier>();
    expectTypeOf<Exclude<CatalogResponse, { toolbox: null }>['tiers'][number]['tier']>().toEqualTypeOf<TierChoice>();
  });
});
