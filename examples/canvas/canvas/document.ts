import { nodeIs } from './summary.js';
import { closeMatches } from 'agent-tools';
import { CanvasError } from './errors.js';
import type { Box, CanvasApi, CanvasNode, NewNode, NodePatch, NodeQuery, TextStyle } from './types.js';

const DEFAULT_TEXT: TextStyle = { content: '', fontFamily: 'Inter', fontSize: 16, fontWeight: 400, italic: false };
const DEFAULT_SIZE = { frame: [400, 300], text: [120, 24], rectangle: [100, 100], ellipse: [100, 100] } as const;

const copy = (n: CanvasNode): CanvasNode => structuredClone(n);
const includesCi = (hay: string, needle: string) => hay.toLowerCase().includes(needle.toLowerCase());

/**
 * Creates an empty in-memory canvas document and returns its {@link CanvasApi}.
 * Ids are `n1`, `n2`, ... in creation order, so a scripted session is deterministic.
 */
export function createCanvas(): CanvasApi {
  const nodes = new Map<string, CanvasNode>();
  const roots: string[] = [];
  let selection: string[] = [];
  let nextId = 1;

  const stored = (id: string): CanvasNode => {
    const n = nodes.get(id);
    if (n) return n;
    const near = closeMatches(id, nodes.keys());
    throw new CanvasError(`Node "${id}" not found${near.length ? `. Did you mean ${near.map((s) => `"${s}"`).join(', ')}?` : ''}`);
  };
  const siblings = (parentId: string | null) => (parentId === null ? roots : stored(parentId).children);
  const walk = (ids: readonly string[], out: CanvasNode[] = []): CanvasNode[] => {
    for (const id of ids) {
      const n = stored(id);
      out.push(n);
      walk(n.children, out);
    }
    return out;
  };
  const absoluteBox = (id: string): Box => {
    const n = stored(id);
    const parent = n.parentId === null ? { x: 0, y: 0 } : absoluteBox(n.parentId);
    return { x: parent.x + n.x, y: parent.y + n.y, width: n.width, height: n.height };
  };
  const checkContainer = (parentId: string | null) => {
    if (parentId !== null && stored(parentId).type !== 'frame') {
      throw new CanvasError(`${nodeIs(stored(parentId))}; only frames can hold children`);
    }
  };

  return {
    getNode: (id) => {
      const n = nodes.get(id);
      return n ? copy(n) : undefined;
    },
    requireNode: (id) => copy(stored(id)),
    findNodes(query: NodeQuery = {}) {
      const scope = query.within === undefined ? roots : stored(query.within).children;
      return walk(scope)
        .filter((n) => query.type === undefined || n.type === query.type)
        .filter((n) => query.name === undefined || includesCi(n.name, query.name))
        .filter((n) => query.text === undefined || (n.text !== null && includesCi(n.text.content, query.text)))
        .map(copy);
    },
    childrenOf: (id) => (id === undefined ? roots : stored(id).children).map((c) => copy(stored(c))),
    createNode(input: NewNode) {
      const parentId = input.parentId ?? null;
      checkContainer(parentId);
      const [w, h] = DEFAULT_SIZE[input.type];
      const id = `n${nextId++}`;
      const node: CanvasNode = {
        id,
        name: input.name ?? `${input.type[0]!.toUpperCase()}${input.type.slice(1)} ${id.slice(1)}`,
        type: input.type,
        x: input.x ?? 0,
        y: input.y ?? 0,
        width: input.width ?? w,
        height: input.height ?? h,
        fills: [...(input.fills ?? (input.type === 'text' ? ['#000000'] : input.type === 'frame' ? ['#FFFFFF'] : ['#D9D9D9']))],
        stroke: input.stroke ? { ...input.stroke } : null,
        cornerRadius: input.cornerRadius ?? 0,
        visible: input.visible ?? true,
        text: input.type === 'text' ? { ...DEFAULT_TEXT, ...input.text } : null,
        parentId,
        children: [],
      };
      nodes.set(id, node);
      siblings(parentId).push(id);
      return copy(node);
    },
    updateNode(id, patch: NodePatch) {
      const n = stored(id);
      const { text, ...rest } = patch;
      if (text !== undefined && n.text === null) throw new CanvasError(`${nodeIs(n)}, not a text node`);
      for (const [key, value] of Object.entries(rest))
        if (value !== undefined) (n as unknown as Record<string, unknown>)[key] = structuredClone(value);
      if (text !== undefined && n.text !== null) {
        for (const [key, value] of Object.entries(text))
          if (value !== undefined) (n.text as unknown as Record<string, unknown>)[key] = value;
      }
      return copy(n);
    },
    deleteNode(id) {
      const n = stored(id);
      const gone = walk([id]).map((d) => d.id);
      const list = siblings(n.parentId);
      list.splice(list.indexOf(id), 1);
      for (const d of gone) nodes.delete(d);
      selection = selection.filter((s) => !gone.includes(s));
      return gone;
    },
    reparent(id, parentId, index) {
      const n = stored(id);
      checkContainer(parentId);
      if (parentId !== null && walk([id]).some((d) => d.id === parentId)) {
        throw new CanvasError(`Cannot move "${id}" into "${parentId}": a node cannot be placed inside itself or its descendants`);
      }
      const abs = absoluteBox(id);
      const origin = parentId === null ? { x: 0, y: 0 } : absoluteBox(parentId);
      const from = siblings(n.parentId);
      from.splice(from.indexOf(id), 1);
      const to = siblings(parentId);
      to.splice(index === undefined ? to.length : Math.max(0, Math.min(index, to.length)), 0, id);
      n.parentId = parentId;
      n.x = abs.x - origin.x;
      n.y = abs.y - origin.y;
      return copy(n);
    },
    absoluteBox,
    getSelection: () => selection.map((id) => copy(stored(id))),
    setSelection(ids) {
      for (const id of ids) stored(id);
      selection = [...new Set(ids)];
      return [...selection];
    },
  };
}
