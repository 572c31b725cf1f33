/** Tests that `analyze` reads CommonJS: `require` bindings, `module.exports`/`exports.x`/`export =`, and `.cjs`/`.cts` files. */

import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { tempProjects } from '../temp-project.js';

const project = tempProjects('agent-tools-analyze-cjs-');

const tool = (name: string, extra = '') =>
  `defineTool({ name: '${name}', description: 'A tool that is here for the test and does nothing.', mutates: false, params: {}, execute: () => 1${extra} })`;
const brief = (a: ReturnType<typeof analyze>) =>
  a.tools.map((t) => `${t.name} ${t.file}:${t.line} [${t.exportNames.join(',')}] ${t.tier ?? '-'}`);

describe('analyze: CommonJS', () => {
  it('finds .cjs and .cts files in a folder, and names what each tool is exported as', () => {
    const dir = project({
      'tools/a.cjs': `const { defineTool } = require('agent-tools');\nconst a = ${tool('tool_a')};\nmodule.exports = { a, alsoA: a };\n`,
      'tools/b.js': `const { defineTool } = require('agent-tools');\nexports.b = ${tool('tool_b')};\n`,
      'tools/c.js': `const { defineTool } = require('agent-tools');\nmodule.exports = ${tool('tool_c')};\n`,
      'tools/d.cts': `import { defineTool } from 'agent-tools';\nconst d = ${tool('tool_d')};\nexport = { d };\n`,
      'tools/e.js': `const { defineTool } = require('agent-tools');\nmodule.exports = { e: ${tool('tool_e')} };\n`,
    });
    const a = analyze(['tools'], { cwd: dir });
    expect(a.diagnostics).toEqual([]);
    expect(brief(a)).toEqual([
      'tool_a tools/a.cjs:2 [a,alsoA] -',
      'tool_b tools/b.js:2 [b] -',
      'tool_c tools/c.js:2 [default] -',
      'tool_d tools/d.cts:2 [d] -',
      'tool_e tools/e.js:2 [e] -',
    ]);
  });

  it('follows required tools and constants into a registry: destructuring, a whole module, a member, import = require', () => {
    const dir = project({
      'tools/consts.js': "exports.DESCRIPTION = 'Returns the current time as an ISO 8601 string, in UTC.';\n",
      'tools/time.js': `const at = require('agent-tools');
const consts = require('./consts');
const getTime = at.defineTool({ name: 'get_time', description: consts.DESCRIPTION, mutates: false, params: {}, execute: () => 1 });
module.exports = { getTime };
`,
      'tools/ping.cjs': `const { defineTool } = require('agent-tools');\nmodule.exports = ${tool('ping')};\n`,
      'tools/echo.cts': `import { defineTool } from 'agent-tools';\nexport const echo = ${tool('echo_text')};\n`,
      'tools/registry.cts': `import at = require('agent-tools');
import time = require('./time');
const ping = require('./ping.cjs');
const echo = require('./echo.cts').echo;
export const registry = at.createRegistry({ core: [time.getTime, ping], extended: [echo] });
`,
    });
    const a = analyze(['tools'], { cwd: dir });
    expect(a.diagnostics).toEqual([]);
    expect(a.tools.map((t) => [t.name, t.description, t.tier])).toEqual([
      ['echo_text', 'A tool that is here for the test and does nothing.', 'extended'],
      ['ping', 'A tool that is here for the test and does nothing.', 'core'],
      ['get_time', 'Returns the current time as an ISO 8601 string, in UTC.', 'core'],
    ]);
  });

  it('reads a zod input whose z is required, as it reads an imported one', () => {
    const dir = project({
      'tools/a.js': `const { defineTool } = require('agent-tools');
const { z } = require('zod');
exports.a = defineTool({ name: 'set_size', description: 'Sets the size of a node on the canvas.', mutates: true, destructive: false,
  input: z.object({ size: z.number().int().min(1).describe('The size in px.') }), execute: () => 1 });
`,
    });
    const [t] = analyze(['tools'], { cwd: dir }).tools;
    expect(t?.params).toEqual({ size: { type: 'number', integer: true, min: 1, required: true, description: 'The size in px.' } });
  });

  it('says a value required from a package is not read, naming the module', () => {
    const dir = project({
      'tools/a.js': `const { defineTool } = require('agent-tools');\nconst { NAME } = require('some-package');\nexports.a = defineTool({ name: NAME, description: 'd', params: {}, execute: () => 1 });\n`,
    });
    const a = analyze(['tools'], { cwd: dir });
    expect(a.tools).toEqual([]);
    expect(a.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.code}`)).toEqual(['tools/a.js:3:32 not-static']);
    expect(a.diagnostics[0]!.message).toContain("`NAME` is required from 'some-package'");
  });
});
