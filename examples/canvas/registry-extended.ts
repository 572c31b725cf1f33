import { analyzeColors } from './tools/analyze/analyze-colors.js';
import { checkContrast } from './tools/analyze/check-contrast.js';
import { documentStats } from './tools/analyze/document-stats.js';
import { exportSvg } from './tools/analyze/export-svg.js';
import { findOverlaps } from './tools/analyze/find-overlaps.js';
import { getBounds } from './tools/analyze/get-bounds.js';
import { listFonts } from './tools/analyze/list-fonts.js';
import { renderPng } from './tools/analyze/render-png.js';
import { duplicateNode } from './tools/create/duplicate-node.js';
import { alignNodes } from './tools/modify/align-nodes.js';
import { distributeNodes } from './tools/modify/distribute-nodes.js';
import { setCornerRadius } from './tools/modify/set-corner-radius.js';
import { setVisible } from './tools/modify/set-visible.js';
import { groupNodes } from './tools/structure/group-nodes.js';
import { reorderNode } from './tools/structure/reorder-node.js';
import { ungroupNode } from './tools/structure/ungroup-node.js';

/** The extended tier: 16 more specialised tools (layout helpers, analysis, export), loaded on demand. */
export const EXTENDED_TOOLS = [
  duplicateNode,
  setCornerRadius,
  setVisible,
  alignNodes,
  distributeNodes,
  groupNodes,
  ungroupNode,
  reorderNode,
  analyzeColors,
  checkContrast,
  findOverlaps,
  getBounds,
  listFonts,
  documentStats,
  exportSvg,
  renderPng,
];
