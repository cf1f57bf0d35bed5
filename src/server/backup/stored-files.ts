import fs from 'node:fs/promises';
import path from 'node:path';
import { isPartialWrite, isSafeKey } from '../services/storage.ts';
import { BackupError } from './manifest.ts';

/**
 * The keys of the files under the file store's folder (`DATA_DIR/files`), sorted; uploads still
 * being written (`.part`) are not files yet. Anything the store could not have written stops
 * the backup, because a restore would refuse it.
 */
export async function storedFileKeys(root: string): Promise<string[]> {
  let names: string[];
  try {
    names = await fs.readdir(root, { recursive: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const keys: string[] = [];
  for (const name of names.sort()) {
    const key = name.split(path.sep).join('/');
    const stat = await fs.lstat(path.join(root, name));
    if (stat.isDirectory() || isPartialWrite(key)) continue;
    if (!stat.isFile() || !isSafeKey(key)) {
      throw new BackupError(
        `${path.join(root, name)} is not a file the app stored; move it out of ${root} and run the backup again.`,
      );
    }
    keys.push(key);
  }
  return keys;
}
