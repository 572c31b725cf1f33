/** TypeScript's compiler API, the copy ts-morph ships, loaded on first use. */

import * as nodeModule from 'node:module';
import { createRequire } from 'node:module';
import type { ts as Ts } from 'ts-morph';

const requireHere = createRequire(import.meta.url);
let loaded: typeof Ts | undefined;

/**
 * TypeScript's compiler API, the copy ts-morph ships (`@ts-morph/common/dist/typescript.js`, found
 * from where ts-morph is installed), required on first use: loading its 9 MB takes about 1 s
 * cold, so only code that needs it pays. Node's compile cache (`module.enableCompileCache`, in
 * the OS temp folder) is switched on first, which brings later loads down to about 0.2 s.
 */
export function typescript(): typeof Ts {
  if (loaded) return loaded;
  // on Node.js 22.1+; missing from some builds' named exports, so read from the namespace
  (nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();
  const common = createRequire(requireHere.resolve('ts-morph')).resolve('@ts-morph/common');
  loaded = createRequire(common)('./typescript.js') as typeof Ts;
  return loaded;
}
