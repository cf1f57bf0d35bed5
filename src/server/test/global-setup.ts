import { createPgliteTemplate, createPostgresTemplate } from './template.ts';

export default async function setup() {
  const url = process.env.DATABASE_URL;
  if (url) await createPostgresTemplate(url);
  else await createPgliteTemplate();
}
