/** The four kinds of node a canvas holds. */
export type NodeType = 'frame' | 'text' | 'rectangle' | 'ellipse';

/** Every node type, in a stable order (used for param enums). */
export const NODE_TYPES = ['frame', 'text', 'rectangle', 'ellipse'] as const satisfies readonly NodeType[];

/** A stroke: a hex color and a width in px. */
export interface Stroke {
  color: string;
  width: number;
}

/** The text part of a `text` node; font size in px, weight as a CSS number (100..900). */
export interface TextStyle {
  content: string;
  fontFamily: string;
  fontSize: number;
  fontWeight: number;
  italic: boolean;
}

/**
 * One node of the document, as tools see it (always a copy; changing it changes nothing).
 *
 * `x`/`y` are px relative to the parent's top-left corner; `children` are child ids in paint
 * order (last on top); `parentId` is `null` for a node at the page root; `fills` are hex colors
 * painted bottom to top; `text` is set on text nodes only.
 */
export interface CanvasNode {
  id: string;
  name: string;
  type: NodeType;
  x: number;
  y: number;
  width: number;
  height: number;
  fills: string[];
  stroke: Stroke | null;
  cornerRadius: number;
  visible: boolean;
  text: TextStyle | null;
  parentId: string | null;
  children: string[];
}

/** What {@link CanvasApi.createNode} takes: a type, and any other field to override the defaults. */
export type NewNode = { type: NodeType; parentId?: string | null } & Partial<
  Omit<CanvasNode, 'id' | 'type' | 'parentId' | 'children' | 'text'>
> & { text?: Partial<TextStyle> };

/** What {@link CanvasApi.updateNode} takes: the fields to change; `text` fields merge into the current style. */
export type NodePatch = Partial<Omit<CanvasNode, 'id' | 'type' | 'parentId' | 'children' | 'text'>> & {
  text?: Partial<TextStyle>;
};

/** A query for {@link CanvasApi.findNodes}; every given field must match. */
export interface NodeQuery {
  /** Case-insensitive substring of the node name. */
  name?: string;
  type?: NodeType;
  /** Case-insensitive substring of a text node's content. */
  text?: string;
  /** Only descendants of this node. */
  within?: string;
}

/** An axis-aligned box in absolute page px. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The domain API that tools receive as their first argument. Tools never touch the
 * document directly; every read returns a copy and every write goes through here.
 *
 * Methods taking an id throw {@link CanvasError} when no node has that id (the message
 * names the id and close matches).
 */
export interface CanvasApi {
  getNode(id: string): CanvasNode | undefined;
  requireNode(id: string): CanvasNode;
  /** Nodes matching `query`, in document (depth-first paint) order. */
  findNodes(query?: NodeQuery): CanvasNode[];
  /** Children of `id`, or the page's root nodes when `id` is omitted. */
  childrenOf(id?: string): CanvasNode[];
  createNode(input: NewNode): CanvasNode;
  updateNode(id: string, patch: NodePatch): CanvasNode;
  /** Deletes the node and its descendants; returns every deleted id. */
  deleteNode(id: string): string[];
  /** Moves a node under `parentId` (`null` = page root) at `index` (default: on top), keeping its absolute position. */
  reparent(id: string, parentId: string | null, index?: number): CanvasNode;
  /** Absolute page box of a node. */
  absoluteBox(id: string): Box;
  getSelection(): CanvasNode[];
  setSelection(ids: readonly string[]): string[];
}
