// Writes the generated rules part of docs/diff.md (everything after its marker line) from the
// rule descriptors in src/diff/rules/, via the built dist/. Run `npm run build` first.
import { readFileSync, writeFileSync } from 'node:fs';

const MARKER =
  '<!-- the rest of this page is generated from src/diff/rules/ (npm run build && node scripts/docs-diff.mjs); a test keeps it equal -->\n';
const page = new URL('../docs/diff.md', import.meta.url);
const { renderAllRuleDocs } = await import('../dist/diff/docs.js');
const text = readFileSync(page, 'utf8');
const at = text.indexOf(MARKER);
if (at < 0) throw new Error('docs/diff.md has no generated-part marker');
writeFileSync(page, `${text.slice(0, at + MARKER.length)}\n${renderAllRuleDocs()}`);
