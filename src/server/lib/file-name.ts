import path from 'node:path';

/** An uploaded file's own name without any folder, control characters or excess length. */
export function cleanFileName(filename: string): string {
  const base = path
    .basename(filename.replace(/\\/g, '/'))
    .replace(/\p{Cc}/gu, '')
    .trim();
  return (base || 'upload').slice(0, 200);
}
