// Tool declarations written by `agent-tools export --format dts`: call a tool as a function.

/** Return the nodes the user has currently selected on the canvas (id, name, type, parent id), in selection order. Start here when the user says "this" or "the selected ...". */
declare function get_selection(args: Record<string, never>): Promise<unknown>;

/** Return every property of one node by id: type, position and size in px relative to its parent, fills, stroke, corner radius, visibility, text content and font, parent id and child ids. */
declare function get_node(args: {
  /** Id of the node to read, e.g. "n4" */
  id: string;
  /** Also return the full properties of its direct children */
  includeChildren?: boolean;
}): Promise<unknown>;

/** Search the document for nodes whose name or text content contains the given words (case-insensitive) and whose type matches; all given filters must match. Returns short summaries in document order, at most `limit`. */
declare function find_nodes(args: {
  /** Part of the node name to look for */
  name?: string;
  /** Only nodes of this type */
  type?: "frame" | "text" | "rectangle" | "ellipse";
  /** Part of the text content (text nodes only) */
  text?: string;
  /** Only search inside the node with this id */
  within?: string;
  /** Maximum number of nodes returned */
  limit?: number;
}): Promise<unknown>;

/** Return the document structure as a nested outline (id, name, type, children) from the page root or from one node. Below `depth` levels a node shows only `more`: the number of children not listed. */
declare function get_tree(args: {
  /** Start from this node instead of the page root */
  rootId?: string;
  /** How many levels of children to list */
  depth?: number;
}): Promise<unknown>;

/**
 * Create a rectangle or an ellipse at a position and size in px (relative to the parent frame, or to the page when no parent is given). Returns the new node with its id.
 *
 * Changes state.
 */
declare function create_shape(args: {
  /** Shape to create */
  type: "rectangle" | "ellipse";
  /** Left edge in px, relative to the parent */
  x?: number;
  /** Top edge in px, relative to the parent */
  y?: number;
  /** Id of the frame to create it in; omit for the page root */
  parentId?: string;
  /** Width in px */
  width?: number;
  /** Height in px */
  height?: number;
  /** Fill color as hex, e.g. #2563EB (default light grey) */
  fill?: string;
  /** Corner radius in px (rectangles only) */
  cornerRadius?: number;
  /** Layer name shown in the layers panel */
  name?: string;
}): Promise<unknown>;

/**
 * Create a frame, the container that holds other nodes (a card, a screen, a section). Children are positioned relative to its top-left corner. Returns the new frame with its id.
 *
 * Changes state.
 */
declare function create_frame(args: {
  /** Layer name, e.g. "Pricing card" */
  name?: string;
  /** Left edge in px, relative to the parent */
  x?: number;
  /** Top edge in px, relative to the parent */
  y?: number;
  /** Id of the frame to create it in; omit for the page root */
  parentId?: string;
  /** Width in px */
  width?: number;
  /** Height in px */
  height?: number;
  /** Background color as hex (default white) */
  fill?: string;
  /** Corner radius in px */
  cornerRadius?: number;
}): Promise<unknown>;

/**
 * Create a text node with the given content and font at a position in px (relative to the parent frame, or to the page). Returns the new node with its id.
 *
 * Changes state.
 */
declare function create_text(args: {
  /** The text to show; may contain line breaks */
  content: string;
  /** Left edge in px, relative to the parent */
  x?: number;
  /** Top edge in px, relative to the parent */
  y?: number;
  /** Id of the frame to create it in; omit for the page root */
  parentId?: string;
  /** Width of the text box in px */
  width?: number;
  /** Font family name */
  fontFamily?: string;
  /** Font size in px */
  fontSize?: number;
  /** CSS font weight, 100 (thin) to 900 (black) */
  fontWeight?: number;
  /** Text color as hex */
  color?: string;
  /** Layer name; defaults to "Text <number>" */
  name?: string;
}): Promise<unknown>;

/**
 * Replace all fills of a node with one solid color: the background of a frame or shape, or the text color of a text node. Returns the updated node.
 *
 * Changes state.
 */
declare function set_fill(args: {
  /** Id of the node to paint */
  id: string;
  /** Fill color as hex, e.g. #2563EB or #2563EB80 with alpha */
  color: string;
}): Promise<unknown>;

/**
 * Set the border (stroke) of a node to a color and a width in px, or remove it with width 0. Returns the updated node.
 *
 * Changes state.
 */
declare function set_stroke(args: {
  /** Id of the node */
  id: string;
  /** Stroke color as hex */
  color?: string;
  /** Stroke width in px; 0 removes the stroke */
  width?: number;
}): Promise<unknown>;

/**
 * Replace the content of a text node, keeping its font and color. Fails on nodes that are not text nodes. Returns the updated node.
 *
 * Changes state.
 */
declare function set_text(args: {
  /** Id of the text node */
  id: string;
  /** The new text; may contain line breaks */
  content: string;
}): Promise<unknown>;

/**
 * Change the font of a text node: family, size in px, CSS weight and italic. Only the given fields change; give at least one. Fails on nodes that are not text nodes.
 *
 * Changes state.
 */
declare function set_font(args: {
  /** Id of the text node */
  id: string;
  /** Font family name, e.g. "Inter" */
  fontFamily?: string;
  /** Font size in px */
  fontSize?: number;
  /** CSS font weight, 100 (thin) to 900 (black) */
  fontWeight?: number;
  /** true for italic, false for upright */
  italic?: boolean;
}): Promise<unknown>;

/**
 * Move and/or resize a node: position in px relative to its parent, size in px. Only the given fields change; give at least one. Returns the updated node.
 *
 * Changes state.
 */
declare function set_layout(args: {
  /** Id of the node */
  id: string;
  /** New left edge in px, relative to the parent */
  x?: number;
  /** New top edge in px, relative to the parent */
  y?: number;
  /** New width in px */
  width?: number;
  /** New height in px */
  height?: number;
}): Promise<unknown>;

/**
 * Change the layer name of a node, the label shown in the layers panel and matched by find_nodes. Returns the updated node.
 *
 * Changes state.
 */
declare function rename_node(args: {
  /** Id of the node */
  id: string;
  /** The new layer name (not empty) */
  name: string;
}): Promise<unknown>;

/**
 * Replace the user's selection with the given nodes, to show them what was found or changed. An empty list clears the selection. Returns the selected ids.
 *
 * Changes state.
 */
declare function set_selection(args: {
  /** Ids of the nodes to select, in order */
  ids: string[];
}): Promise<unknown>;

/**
 * Delete a node and all of its descendants from the document and the selection. This cannot be undone through the tools. Returns every deleted id.
 *
 * Changes state. Destructive: it cannot be undone.
 */
declare function delete_node(args: {
  /** Id of the node to delete */
  id: string;
}): Promise<unknown>;

/**
 * Move a node into another frame (or out to the page root when parentId is omitted), keeping where it appears on the page; its x and y become relative to the new parent. Returns the moved node.
 *
 * Changes state.
 */
declare function reparent_node(args: {
  /** Id of the node to move */
  id: string;
  /** Id of the new parent frame; omit to move it to the page root */
  parentId?: string;
  /** Position among the new siblings, 0 = bottom; omit to place it on top */
  index?: number;
}): Promise<unknown>;

/**
 * Copy a node together with all its descendants into the same parent, shifted by an offset in px, and place the copy on top. Returns the copy (new ids for every copied node).
 *
 * Changes state.
 */
declare function duplicate_node(args: {
  /** Id of the node to copy */
  id: string;
  /** Horizontal shift of the copy in px */
  offsetX?: number;
  /** Vertical shift of the copy in px */
  offsetY?: number;
}): Promise<unknown>;

/**
 * Round the corners of a rectangle or frame by a radius in px (0 for square corners). Fails on text nodes and ellipses.
 *
 * Changes state.
 */
declare function set_corner_radius(args: {
  /** Id of the rectangle or frame */
  id: string;
  /** Corner radius in px */
  radius: number;
}): Promise<unknown>;

/**
 * Show or hide a node and everything inside it. Hidden nodes stay in the document but are left out of export_svg. Returns the updated node.
 *
 * Changes state.
 */
declare function set_visible(args: {
  /** Id of the node */
  id: string;
  /** true to show the node, false to hide it */
  visible: boolean;
}): Promise<unknown>;

/**
 * Align two or more nodes along an edge or center line of their common bounding box, measured on the page (so nodes in different frames line up visually). Returns the new position of each node.
 *
 * Changes state.
 */
declare function align_nodes(args: {
  /** Ids of the nodes to align */
  ids: string[];
  /** left/center/right move nodes horizontally; top/middle/bottom vertically */
  edge: "left" | "center" | "right" | "top" | "middle" | "bottom";
}): Promise<unknown>;

/**
 * Space three or more nodes so the gaps between them are equal, keeping the first and last node (in page order along the axis) where they are. Returns the new position of each node.
 *
 * Changes state.
 */
declare function distribute_nodes(args: {
  /** Ids of the nodes to distribute */
  ids: string[];
  /** horizontal spaces along x, vertical along y */
  axis: "horizontal" | "vertical";
}): Promise<unknown>;

/**
 * Wrap nodes that share one parent in a new transparent frame sized to their bounding box, keeping where they appear on the page. Returns the new frame with its id and children.
 *
 * Changes state.
 */
declare function group_nodes(args: {
  /** Ids of the nodes to group; they must have the same parent */
  ids: string[];
  /** Layer name of the new frame */
  name?: string;
}): Promise<unknown>;

/**
 * Dissolve a frame: move its children up into the frame's parent, keeping where they appear on the page, then delete the empty frame. Returns the ids of the children that moved.
 *
 * Changes state. Destructive: it cannot be undone.
 */
declare function ungroup_node(args: {
  /** Id of the frame to dissolve */
  id: string;
}): Promise<unknown>;

/**
 * Change the stacking order of a node among its siblings: bring it to the front, send it to the back, or move it one step forward or backward. Returns its new index (0 = bottom).
 *
 * Changes state.
 */
declare function reorder_node(args: {
  /** Id of the node */
  id: string;
  /** Where to move it in the stack */
  position: "front" | "back" | "forward" | "backward";
}): Promise<unknown>;

/** List every color used in fills and strokes (normalized to upper-case #RRGGBB), with how many nodes use it and up to five of their ids, most used first. Use it to audit a palette. */
declare function analyze_colors(args: {
  /** Only look inside the node with this id; omit for the whole page */
  within?: string;
}): Promise<unknown>;

/** Measure the WCAG 2.1 contrast ratio between a text node's color and its background (the nearest filled ancestor frame, or white), and say whether it passes AA for body text (4.5) and large text (3). */
declare function check_contrast(args: {
  /** Id of the text node to check */
  id: string;
  /** Compare against this color instead of the nearest filled ancestor */
  background?: string;
}): Promise<unknown>;

/** Find pairs of visible sibling nodes whose boxes overlap on the page, a common layout mistake. Text over its own button is reported too; judge each pair. Returns the pairs with their ids and names. */
declare function find_overlaps(args: {
  /** Only check children of this frame (and deeper); omit for the whole page */
  within?: string;
}): Promise<unknown>;

/** Return the bounding box, in absolute page px, of one or more nodes together, plus each node's own absolute box. Use it before placing something next to existing content. */
declare function get_bounds(args: {
  /** Ids of the nodes to measure */
  ids: string[];
}): Promise<unknown>;

/** List the distinct text styles in use (font family, size in px, weight, italic) with how many text nodes use each, most used first. Use it to spot inconsistent typography. */
declare function list_fonts(args: {
  /** Only look inside the node with this id; omit for the whole page */
  within?: string;
}): Promise<unknown>;

/** Count the nodes of the document (or of one subtree): the total, per type, hidden ones, the deepest nesting level and the number of top-level nodes. A cheap first look at an unknown file. */
declare function document_stats(args: {
  /** Count only inside the node with this id; omit for the whole page */
  within?: string;
}): Promise<unknown>;

/** Render the whole page, or one node with its descendants, as a standalone SVG document (hidden nodes left out). Returns the SVG markup and its size in UTF-8 bytes. */
declare function export_svg(args: {
  /** Id of the node to render; omit to render the whole page */
  id?: string;
}): Promise<unknown>;

/** Render the whole page, or one node with its descendants, to a PNG image (shapes and fills; text shown as bars, not glyphs) so you can look at the layout. Returns the image and a line with its size. */
declare function render_png(args: {
  /** Id of the node to render; omit to render the whole page */
  id?: string;
  /** Image pixels per canvas px */
  scale?: number;
}): Promise<unknown>;
