// ts-morph, required as CommonJS. Importing a CommonJS package from an ES module makes Node
// scan its source for export names (cjs-module-lexer), and through ts-morph's re-exports that
// is TypeScript's 9 MB compiler, on every run of validate and export (bench/README.md, rows
// "1 static"). A require skips the scan; this file is compiled to CommonJS and its exports
// are plain `exports.x =` assignments, which Node reads without following them.
// Import ts-morph's values from here; type-only imports may name 'ts-morph' directly.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the point of this module: a CommonJS require of ts-morph
import tsMorph = require('ts-morph');

export import ts = tsMorph.ts;
export import Project = tsMorph.Project;
export import Node = tsMorph.Node;
export import SyntaxKind = tsMorph.SyntaxKind;
export import IndentationText = tsMorph.IndentationText;
export import QuoteKind = tsMorph.QuoteKind;
export type { CallExpression, ObjectLiteralExpression, SourceFile } from 'ts-morph';
