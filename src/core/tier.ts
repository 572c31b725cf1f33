/** The registry's two tiers and the choice every adapter, export and command offers over them. */

/** A registry tier: `core`, what the model sees by default, or `extended`, loaded on request. */
export type Tier = 'core' | 'extended';

/**
 * Which tools to take from a registry: one tier, or `all` (core, then extended, then, for a
 * static export, tools in no tier). `toolsToAI`, `createMcpServer`, the CLI adapter, `serve`,
 * `export` and the analysis all take this one type.
 */
export type TierChoice = Tier | 'all';
