import { createFrame } from './tools/create/create-frame.js';
import { createShape } from './tools/create/create-shape.js';
import { createText } from './tools/create/create-text.js';
import { renameNode } from './tools/modify/rename-node.js';
import { setFill } from './tools/modify/set-fill.js';
import { setFont } from './tools/modify/set-font.js';
import { setLayout } from './tools/modify/set-layout.js';
import { setSelection } from './tools/modify/set-selection.js';
import { setStroke } from './tools/modify/set-stroke.js';
import { setText } from './tools/modify/set-text.js';
import { findNodes } from './tools/read/find-nodes.js';
import { getNode } from './tools/read/get-node.js';
import { getSelection } from './tools/read/get-selection.js';
import { getTree } from './tools/read/get-tree.js';
import { deleteNode } from './tools/structure/delete-node.js';
import { reparentNode } from './tools/structure/reparent-node.js';

/** The core tier: the 16 tools a model sees by default (read, create, modify, structure). */
export const CORE_TOOLS = [
  getSelection,
  getNode,
  findNodes,
  getTree,
  createShape,
  createFrame,
  createText,
  setFill,
  setStroke,
  setText,
  setFont,
  setLayout,
  renameNode,
  setSelection,
  deleteNode,
  reparentNode,
];
