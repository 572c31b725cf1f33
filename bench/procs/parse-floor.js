// The floor of the static benchmarks: read every .ts file under a folder and parse it with the
// TypeScript compiler's parser (ts.createSourceFile), nothing else. Prints {"files":N}.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const dir = process.argv[2];
let files = 0;
for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
  if (!name.endsWith('.ts')) continue;
  const path = join(dir, name);
  ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  files++;
}
console.log(JSON.stringify({ files }));
