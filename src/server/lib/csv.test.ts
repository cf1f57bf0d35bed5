import { describe, expect, it } from 'vitest';
import { csvText } from './csv.ts';

describe('csvText (RFC 4180, formula-safe)', () => {
  it('quotes commas, quotes and line breaks, doubling quotes, and ends each record with CRLF', () => {
    expect(csvText([['a', 'b,c', 'say "hi"', 'two\nlines', 'cr\rhere']])).toBe(
      'a,"b,c","say ""hi""","two\nlines","cr\rhere"\r\n',
    );
    expect(csvText([['x'], ['y']])).toBe('x\r\ny\r\n');
    expect(csvText([['', ' padded ']])).toBe('," padded "\r\n');
  });

  it('prefixes text that a spreadsheet would run as a formula', () => {
    expect(
      csvText([['=HYPERLINK("http://evil","x")', '+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1']]),
    ).toBe(`"'=HYPERLINK(""http://evil"",""x"")",'+1,'-2+3,'@SUM(A1),'\t=1,"'\r=1"\r\n`);
    // Harmless text is left as it is.
    expect(csvText([['INV-1', 'a=b', 'Payment by cheque']])).toBe(
      'INV-1,a=b,Payment by cheque\r\n',
    );
  });

  it('leaves our own numbers as numbers, and guards a "number" that is not one', () => {
    expect(csvText([[{ number: '-12.50' }, { number: '0' }, { number: '=1+1' }]])).toBe(
      "-12.50,0,'=1+1\r\n",
    );
  });
});
