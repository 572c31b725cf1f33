/** Every tier list a registry scan found, walked in one order by each reader (validate, export, diff, tier cost). */

import type { TierChoice } from '../core/tier.js';
import type { RegistryList, RegistryScan } from './types.js';

/** A tier list and the tier it fills: `all` is a list of every tool (`ALL_TOOLS`), which serve hands out as well. */
export interface TierList {
  tier: TierChoice;
  list: RegistryList;
}

/**
 * The lists of `scan` with their tiers: the first core, extended and all lists, then the further core and extended
 * lists of another registry (`also`) in file order. A list given twice for one tier is returned once; `only` keeps
 * the lists of one tier.
 */
export function registryLists(scan: RegistryScan, only?: TierList['tier']): TierList[] {
  const out: TierList[] = [];
  const add = (tier: TierList['tier'], list: RegistryList | undefined) => {
    if (list && (only === undefined || only === tier) && !out.some((x) => x.tier === tier && x.list === list)) out.push({ tier, list });
  };
  add('core', scan.core);
  add('extended', scan.extended);
  add('all', scan.all);
  for (const list of scan.also?.core ?? []) add('core', list);
  for (const list of scan.also?.extended ?? []) add('extended', list);
  return out;
}
