/** Tests of the screened stdio transport's line reading: chunks, split UTF-8 characters, CRLF. */

import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ScreenedStdioTransport } from '../../src/adapters/stdio-transport.js';

const call = (id: number, text: string) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'echo', arguments: { text } } });

describe('ScreenedStdioTransport: reading lines', () => {
  it('splits lines in one chunk or across chunks (a UTF-8 character cut in two included), strips a CR before LF, skips blank lines', async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const transport = new ScreenedStdioTransport(stdin, stdout);
    const got: unknown[] = [];
    transport.onmessage = (m) => got.push(m);
    await transport.start();
    const second = Buffer.from(`${JSON.stringify(call(2, 'é汉字😀'))}\r\n`);
    const cut = second.indexOf(Buffer.from('汉')) + 1; // inside the character
    stdin.write(`${JSON.stringify(call(1, 'a'))}\n  \n\r\n\u00a0\u2028\n`);
    stdin.write(second.subarray(0, cut));
    stdin.write(second.subarray(cut, cut + 3));
    stdin.write(
      Buffer.concat([
        second.subarray(cut + 3),
        Buffer.from(`${JSON.stringify(call(3, 'x\r'))}\r\n{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"echo"}}`),
      ]),
    );
    stdin.write('\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(got).toEqual([
      call(1, 'a'),
      call(2, 'é汉字😀'),
      call(3, 'x\r'),
      { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'echo' } },
    ]);
    await transport.close();
  });
});
