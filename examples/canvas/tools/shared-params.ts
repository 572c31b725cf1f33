import type { CanvasApi } from './schema.js';

/**
 * The params every create tool shares, spread into its `params`: where the new node goes
 * (x and y relative to the parent frame, or to the page when no parent is given).
 */
export const PLACEMENT_PARAMS = {
  x: { type: 'number', default: 0, description: 'Left edge in px, relative to the parent' },
  y: { type: 'number', default: 0, description: 'Top edge in px, relative to the parent' },
  parentId: { type: 'string', description: 'Id of the frame to create it in; omit for the page root' },
} as const;

/** The snapshot of a create tool: how many children the target parent (or the page) has. */
export function childCountOf(api: CanvasApi, args: { parentId?: string }): { childCount: number } {
  return { childCount: api.childrenOf(args.parentId).length };
}
