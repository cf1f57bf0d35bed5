import fc from 'fast-check';

/** Strings that break naive code: markup, SQL, control and odd Unicode characters. */
export const NASTY_STRINGS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'; drop table users; --",
  "' or '1'='1",
  'Robert\u0000Tables',
  '\u0000',
  '\u0007\u001b[31mred\u001b[0m',
  '\r\nX-Injected: 1',
  '\u202eevil',
  '\ud800',
  '😀👩‍👩‍👧',
  '../../etc/passwd',
  '%00%2e%2e%2f',
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  ' ',
  '',
  'a'.repeat(10_000),
  '00000000-0000-0000-0000-000000000000',
  'TK-1001',
  '-1',
  '1e309',
  'NaN',
];

const controlChar = fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: controlChar, maxLength: 10 }) },
  { weight: 1, arbitrary: fc.emailAddress() },
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null)) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileString, hostileString, { maxKeys: 2 }) },
);
