import { describe, expect, it } from 'vitest';
import { cleanFileName } from './file-name.ts';

describe('cleanFileName', () => {
  it('keeps only the name, without folders or control characters, at most 200 characters', () => {
    expect(cleanFileName('C:\\Users\\x\\Site Plan.PDF')).toBe('Site Plan.PDF');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('re\u0000port\r\n.pdf')).toBe('report.pdf');
    expect(cleanFileName(`${'a'.repeat(300)}.pdf`)).toHaveLength(200);
  });

  // Outside attack (issue 41 stop): a long name was cut after the type checks, losing its
  // extension; a trailing dot hid one from them.
  it('keeps the extension of a long name, and drops the trailing dots Windows would drop', () => {
    const long = cleanFileName(`${'A'.repeat(400)}.pdf`);
    expect(long).toHaveLength(200);
    expect(long.endsWith('A.pdf')).toBe(true);
    expect(cleanFileName('run.hta. . .')).toBe('run.hta');
    expect(cleanFileName('run.hta::$DATA')).toBe('run.hta__$DATA');
    expect(cleanFileName('a<b>c|d?.txt')).toBe('a_b_c_d_.txt');
    expect(cleanFileName('...')).toBe('upload');
  });

  // Review N11: a right-to-left override makes `invoice\u202efdp.js` read as `invoicesj.pdf`.
  it('removes format characters: bidi overrides and zero-width characters', () => {
    expect(cleanFileName('invoice\u202efdp.js')).toBe('invoicefdp.js');
    expect(cleanFileName('\u2066report\u2069\u200b\u200d\ufeff.pdf')).toBe('report.pdf');
    expect(cleanFileName('Übersicht März.xlsx')).toBe('Übersicht März.xlsx');
  });

  it('falls back to "upload" when nothing readable is left', () => {
    expect(cleanFileName('')).toBe('upload');
    expect(cleanFileName('\u202e\u200b\u0007 ')).toBe('upload');
    expect(cleanFileName('folder/\u202e')).toBe('upload');
    expect(cleanFileName(undefined)).toBe('upload');
  });
});
