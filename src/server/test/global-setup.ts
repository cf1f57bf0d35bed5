import fs from 'node:fs/promises';
import {
  createPgliteTemplate,
  createPostgresTemplate,
  TMP_IN_MEMORY,
  TMP_ROOT,
} from './template.ts';

export default async function setup() {
  const url = process.env.DATABASE_URL;
  if (url) await createPostgresTemplate(url);
  else await createPgliteTemplate();
  // The tests' folder in memory (template.ts) is given back when the run ends.
  return async () => {
    if (TMP_IN_MEMORY) await fs.rm(TMP_ROOT, { recursive: true, force: true });
  };
}
