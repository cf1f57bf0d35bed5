import { Readable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { renderPdf } from './pdf.ts';
import { FILE_CSP, inspectFile, sendFile, storedContentType } from './safe-file.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAAAAACw=', 'base64');
const HTML = Buffer.from('<html><script>alert(1)</script></html>');
const SVG = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>');

/** The headers sendFile gives these bytes when the route asks for them inline. */
async function served(bytes: Buffer, asStream: boolean) {
  const app = Fastify();
  app.get('/file', async (_request, reply) =>
    sendFile(reply, await inspectFile(asStream ? Readable.from([bytes]) : bytes), {
      name: 'file.bin',
      inline: true,
    }),
  );
  const res = await app.inject({ method: 'GET', url: '/file' });
  await app.close();
  return res;
}

// Issue 13, item 2: the one set of rules for every file answer.
describe('sendFile', () => {
  it.each([
    ['a PDF', async () => renderPdf('x', []), 'application/pdf', 'inline'],
    ['a PNG', async () => PNG, 'image/png', 'inline'],
    ['a GIF', async () => GIF, 'image/gif', 'inline'],
    ['HTML', async () => HTML, 'application/octet-stream', 'attachment'],
    ['SVG', async () => SVG, 'application/octet-stream', 'attachment'],
    ['empty bytes', async () => Buffer.alloc(0), 'application/octet-stream', 'attachment'],
  ])(
    'serves %s as %s, %s, sandboxed, from a buffer or a stream',
    async (_name, bytes, type, disposition) => {
      for (const asStream of [false, true]) {
        const data = await bytes();
        const res = await served(data, asStream);
        expect(res.headers['content-type']).toBe(type);
        expect(String(res.headers['content-disposition']).split(';')[0]).toBe(disposition);
        expect(res.headers['content-security-policy']).toBe(FILE_CSP);
        expect(FILE_CSP).toMatch(/^sandbox; default-src 'none'/);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['cache-control']).toBe('private, no-store');
        expect(res.rawPayload.equals(data)).toBe(true);
      }
    },
  );

  it('stores what the bytes are, or unknown bytes', async () => {
    expect(storedContentType(await inspectFile(PNG))).toBe('image/png');
    expect(storedContentType(await inspectFile(HTML))).toBe('application/octet-stream');
    const big = Buffer.concat([await renderPdf('big', []), Buffer.alloc(100_000, 7)]);
    const file = await inspectFile(Readable.from([big.subarray(0, 10), big.subarray(10)]));
    expect(file.type).toBe('application/pdf');
    const chunks: Buffer[] = [];
    for await (const c of file.data as Readable) chunks.push(Buffer.from(c as Uint8Array));
    expect(Buffer.concat(chunks).equals(big)).toBe(true);
  });
});
