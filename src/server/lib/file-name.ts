import path from 'node:path';

/**
 * An uploaded file's own name without any folder, control or format characters, or excess
 * length. Format characters (`\p{Cf}`: bidi overrides, zero-width characters) go too, so
 * `invoice\u202efdp.js` cannot be shown as `invoicesj.pdf` (review N11). A part declared
 * application/octet-stream without a name is a file to busboy, with no name at all (its type
 * says string): it is called `upload`, as a name with nothing left is.
 */
export function cleanFileName(filename: string | undefined): string {
  // Windows drops trailing dots and spaces when it saves a file: `run.hta.` would open as
  // `run.hta`, so the name is judged without them.
  const base = path
    .basename((filename ?? '').replace(/\\/g, '/'))
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    // Characters no Windows name may hold: `run.hta::$DATA` would be saved as `run.hta`.
    .replace(/[<>:"|?*]/g, '_')
    .replace(/[. ]+$/, '')
    .trim();
  return shortened(base || 'upload');
}

const MAX_NAME = 200;
/** Longer names lose characters before their extension, never the extension itself. */
function shortened(name: string): string {
  if (name.length <= MAX_NAME) return name;
  const extension = path.extname(name);
  if (extension.length === 0 || extension.length > 20) return name.slice(0, MAX_NAME);
  return name.slice(0, MAX_NAME - extension.length) + extension;
}
