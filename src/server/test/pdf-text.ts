import { inflateSync } from 'node:zlib';

/**
 * The text drawn on the pages of a PDF written by pdfkit: inflates each content
 * stream and decodes the hex strings of its TJ operators (standard fonts, WinAnsi).
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const parts: string[] = [];
  const streams = /stream\r?\n([\s\S]*?)\r?\nendstream/g;
  for (let m = streams.exec(source); m; m = streams.exec(source)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      content = m[1] ?? '';
    }
    const arrays = /\[([^\]]*)\]\s*TJ/g;
    for (let a = arrays.exec(content); a; a = arrays.exec(content)) {
      const hex = [...(a[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('');
      parts.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return parts.join('\n');
}
