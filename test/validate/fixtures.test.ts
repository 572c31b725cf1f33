/** Tests that each fixtures/validate/<check-id> folder gives its expected findings. */

import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECK_IDS, type CheckId } from '../../src/validate/checks/index.js';
import { formatMessage } from '../../src/validate/messages.js';
import { checkFolder } from './helpers.js';

const root = new URL('../../fixtures/validate/', import.meta.url).pathname;
const update = process.env.UPDATE_GOLDEN === '1';

/** Each fixtures/validate/<check-id>/ folder, checked by that check alone, yields exactly expected.txt. */
describe('fixtures/validate/<check-id>', () => {
  for (const id of readdirSync(root).sort()) {
    it(id, () => {
      expect(CHECK_IDS).toContain(id);
      const result = checkFolder(join(root, id), id as CheckId);
      const lines =
        result.findings
          .map((f) => `${f.file}:${f.line}:${f.column} ${f.severity} ${f.checkId}/${f.messageId} ${formatMessage(f)}`)
          .join('\n') + '\n';
      const file = join(root, id, 'expected.txt');
      if (update || !existsSync(file)) writeFileSync(file, lines);
      expect(lines).toBe(readFileSync(file, 'utf8'));
      expect(result.findings.length).toBeGreaterThan(0);
    });
  }
});
