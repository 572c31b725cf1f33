import { createRegistry } from 'agent-tools';
import { CORE_TOOLS } from './registry-core.js';
import { EXTENDED_TOOLS } from './registry-extended.js';

export { CORE_TOOLS } from './registry-core.js';
export { EXTENDED_TOOLS } from './registry-extended.js';

/** Every canvas tool: the core tier, then the extended tier. */
export const ALL_TOOLS = [...CORE_TOOLS, ...EXTENDED_TOOLS];

/** The canvas registry: 16 core tools and 16 extended ones. Throws at import if two tools share a name. */
export const registry = createRegistry({ core: CORE_TOOLS, extended: EXTENDED_TOOLS });

/** The domain API the tools run against; `agent-tools serve` and `agent-tools call` pick this export up. */
export { getApi } from './api.js';
