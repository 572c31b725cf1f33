/** Tests that GitHub annotations escape the message and file property, and SARIF encodes the uri. */

import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { github as diffGithub } from '../../src/diff/formats/github.js';
import { encodePath } from '../../src/util/percent-encode.js';
import { writeSources } from '../validate/helpers.js';

// GitHub annotations escape % CR LF in the message and also , : in file=; SARIF
// artifactLocation.uri is a relative reference with every reserved or non-ASCII character encoded.
const bin = new URL('../../bin/agent-tools.js', import.meta.url).pathname;
const tool = (name: string) =>
  `import { defineTool } from 'agent-tools';\n/** x */\nexport const t = defineTool({ name: ${JSON.stringify(name)}, description: 'Sets the font family of a text node.', mutates: true, destructive: false, params: {}, execute: () => ({}) });\n`;

function validate(cwd: string, format: string): Promise<{ code: number | null; stdout: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [bin, 'validate', '--profile', 'tools', '--format', format, '.'], {
      cwd,
      env: { ...process.env, NO_COLOR: '1' },
    });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.on('close', (code) => done({ code, stdout }));
  });
}

describe('C-17: CI annotations and SARIF locations', { timeout: 60_000 }, () => {
  it('escapes the message and the file property; encodes the SARIF uri', async () => {
    const dir = writeSources({
      'we,ird:dir/tool 100%.ts': tool('Set 100%\r\nfont'),
      '工具/字体.ts': tool('font\nx'),
      "tools/a (draft)!'*.ts": tool('Draft tool'),
    });
    const [gh, sarif] = await Promise.all([validate(dir, 'github'), validate(dir, 'sarif')]);
    expect(gh.code).toBe(1);
    expect(gh.stdout.split('\n').map((l) => l.replace(/::[^:]*$/, '').replace(/,line=.*/, ''))).toEqual([
      "::error file=tools/a (draft)!'*.ts",
      '::error file=we%2Cird%3Adir/tool 100%25.ts',
      '::error file=工具/字体.ts',
      '',
    ]);
    expect(gh.stdout).toContain(
      '::Tool name "Set 100%25%0D%0Afont" contains " ", "%25", "\\r", "\\n", which MCP clients and model providers reject.',
    );
    expect(gh.stdout.trimEnd().split('\n')).toHaveLength(3);
    const uris = (
      JSON.parse(sarif.stdout) as {
        runs: { results: { locations: { physicalLocation: { artifactLocation: { uri: string; uriBaseId: string } } }[] }[] }[];
      }
    ).runs[0]!.results.map((r) => r.locations[0]!.physicalLocation.artifactLocation);
    expect(uris).toEqual([
      { uri: 'tools/a%20%28draft%29%21%27%2A.ts', uriBaseId: '%SRCROOT%' },
      { uri: 'we%2Cird%3Adir/tool%20100%25.ts', uriBaseId: '%SRCROOT%' },
      { uri: '%E5%B7%A5%E5%85%B7/%E5%AD%97%E4%BD%93.ts', uriBaseId: '%SRCROOT%' },
    ]);
    // Each resolves against the root back to the file, and none is read as a scheme or an authority.
    for (const [u, file] of uris.map(
      (u, i) => [u.uri, ["tools/a (draft)!'*.ts", 'we,ird:dir/tool 100%.ts', '工具/字体.ts'][i]!] as const,
    )) {
      expect(decodeURIComponent(new URL(u, 'file:///root/').pathname)).toBe(`/root/${file}`);
      expect(u).toMatch(/^[A-Za-z0-9\-._~%/]+$/);
    }
    expect(encodePath('a b/c:d')).toBe('a%20b/c%3Ad');
  });

  it('diff --format github escapes the same: , : % in file= and title=, % CR LF in the message', () => {
    const out = diffGithub({
      changes: [
        {
          tool: 'set_font',
          rule: 'param-removed',
          class: 'breaking',
          message: 'param "size" (100%) removed\r\nfrom the head',
          file: 'we,ird:dir/tool 100%.ts',
          line: 3,
          column: 14,
        },
        {
          tool: 'set_font',
          rule: 'description-changed',
          class: 'patch',
          message: 'description: a, b: c',
          file: '工具/字体.ts',
          line: 1,
          column: 1,
        },
      ],
      bump: 'major',
    });
    expect(out).toBe(
      '::error file=we%2Cird%3Adir/tool 100%25.ts,line=3,col=14,title=agent-tools diff param-removed (breaking)::' +
        'set_font: param "size" (100%25) removed%0D%0Afrom the head\n' +
        '::notice file=工具/字体.ts,line=1,col=1,title=agent-tools diff description-changed (patch)::set_font: description: a, b: c\n',
    );
  });
});
