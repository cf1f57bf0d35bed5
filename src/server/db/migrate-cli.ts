import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';

/** `npm run db:migrate`: applies the committed migrations (the server also does this at start). */
const config = loadConfig();
const database = await openDatabase(config);
try {
  await database.migrate();
  console.log(`Migrations applied (${database.kind}).`);
} finally {
  await database.close();
}
