import path from 'node:path';

/**
 * An uploaded file's own name without any folder, control or format characters, or excess
 * length. Format characters (`\p{Cf}`: bidi overrides, zero-width characters) go too, so
 * `invoice\u202efdp.js` cannot be shown as `invoicesj.pdf` (review N11). A part declared
 * application/octet-stream without a name is a file to busboy, with no name at all (its type
 * says string): it is called `upload`, as a name with nothing left is.
 */
export function cleanFileName(filename: string | undefined): string {
  const base = path
    .basename((filename ?? '').replace(/\\/g, '/'))
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim();
  return (base || 'upload').slice(0, 200);
}
