/** Tests that UTF-8 with a BOM reads like without one and UTF-16 is named, for specs, skill files and the configuration. */

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSkillSource } from '../../src/skills/files/read-skill-source.js';
import { decodeUtf8 } from '../../src/util/utf8-text.js';

// UTF-8 with a BOM works like without one; UTF-16 is named, never "bad character at column 1".
const bin = new URL('../../bin/agent-tools.js', import.meta.url).pathname;
const fresh = () => mkdtempSync(join(tmpdir(), 'c18-'));
const spec = JSON.stringify({
  name: 'get_node',
  description: 'Returns one node of the canvas by its id, with its children.',
  mutates: false,
  params: { 'id!': 'Node id' },
});
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const utf16le = (s: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(s, 'utf16le')]);
const utf16be = (s: string) => Buffer.from(utf16le(s).swap16());
const scaffold = (cwd: string, input: Buffer) =>
  spawnSync(process.execPath, [bin, 'scaffold'], { cwd, input, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });

describe('C-18: scaffold spec on stdin', () => {
  it('UTF-8 with a BOM writes the same files as without', () => {
    const [plain, bom] = [fresh(), fresh()];
    const a = scaffold(plain, Buffer.from(spec));
    const b = scaffold(bom, Buffer.concat([BOM, Buffer.from(spec)]));
    expect(a.status).toBe(0);
    expect([b.status, b.stdout, b.stderr]).toEqual([0, a.stdout, a.stderr]);
    expect(readFileSync(join(bom, 'tools/read/get-node.ts'), 'utf8')).toBe(readFileSync(join(plain, 'tools/read/get-node.ts'), 'utf8'));
  });

  it('UTF-16LE and UTF-16BE with their BOM are named, exit 2, nothing written', () => {
    for (const input of [utf16le(spec), utf16be(spec)]) {
      const dir = fresh();
      const r = scaffold(dir, input);
      expect([r.status, r.stdout, r.stderr]).toEqual([2, '', 'agent-tools: stdin is UTF-16; save or pipe it as UTF-8\n']);
    }
  });

  it('the decoder: BOM dropped, UTF-16 without BOM and UTF-32 named too', () => {
    expect(decodeUtf8(Buffer.concat([BOM, Buffer.from('{"a":"字"}')]), 'stdin')).toBe('{"a":"字"}');
    expect(() => decodeUtf8(Buffer.from('[{"a":1}]', 'utf16le'), 'stdin')).toThrow('stdin is UTF-16; save or pipe it as UTF-8');
    expect(() => decodeUtf8(Buffer.from([0xff, 0xfe, 0, 0, 0x5b, 0, 0, 0]), 'x.json')).toThrow('x.json is UTF-32; save it as UTF-8');
    expect(decodeUtf8(Buffer.from('字a'), 'stdin')).toBe('字a');
  });
});

describe('C-18: skill files', () => {
  const tone = readFileSync(new URL('../../fixtures/skills/tone.json', import.meta.url), 'utf8');
  it('a .json skill with a UTF-8 BOM installs with the same text; a UTF-16 one is named', () => {
    const dir = fresh();
    writeFileSync(join(dir, 'bom.json'), Buffer.concat([BOM, Buffer.from(tone)]));
    writeFileSync(join(dir, 'wide.json'), utf16le(tone));
    const ok = readSkillSource(join(dir, 'bom.json'));
    expect(ok.ok && ok.raw).toEqual(JSON.parse(tone));
    expect(readSkillSource(join(dir, 'wide.json'))).toMatchObject({
      ok: false,
      problems: [{ path: '', message: 'the file is UTF-16; save it as UTF-8' }],
    });
    const r = spawnSync(process.execPath, [bin, 'skill', 'install', join(dir, 'bom.json')], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(r.status).toBe(0);
    const bad = spawnSync(process.execPath, [bin, 'skill', 'install', join(dir, 'wide.json')], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect([bad.status, bad.stderr]).toEqual([
      2,
      `agent-tools: nothing installed; 1 problem:\n${join(dir, 'wide.json')}: the file is UTF-16; save it as UTF-8\n`,
    ]);
  });
});

describe('C-18: the validate configuration file', () => {
  it('agent-tools.config.json with a UTF-8 BOM is read as without one; a UTF-16 one is named, exit 2', () => {
    const dir = fresh();
    const config = '{ "profile": "tools", "checks": { "jsdoc": "off" } }';
    writeFileSync(
      join(dir, 'tool.ts'),
      "import { defineTool } from 'agent-tools';\nexport const t = defineTool({ name: 'read_it', description: 'Reads the node with this id and returns it.', mutates: false, params: {}, execute: () => ({}) });\n",
    );
    const validate = () =>
      spawnSync(process.execPath, [bin, 'validate', 'tool.ts', '--format', 'json'], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
      });
    writeFileSync(join(dir, 'agent-tools.config.json'), config);
    const plain = validate();
    writeFileSync(join(dir, 'agent-tools.config.json'), Buffer.concat([BOM, Buffer.from(config)]));
    const bom = validate();
    expect([bom.status, bom.stderr, bom.stdout]).toEqual([plain.status, plain.stderr, plain.stdout]);
    expect(JSON.parse(bom.stdout).checks.find((c: { id: string }) => c.id === 'jsdoc').status).toBe('off');
    writeFileSync(join(dir, 'agent-tools.config.json'), utf16le(config));
    const wide = validate();
    expect([wide.status, wide.stderr]).toEqual([2, 'agent-tools: agent-tools.config.json: the file is UTF-16; save it as UTF-8\n']);
  });
});
