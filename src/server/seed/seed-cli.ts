import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { openStorage } from '../services/open-storage.ts';
import { seedDemoData } from './demo.ts';
import { HUGE_COMPANY, seedHugeCompany } from './huge.ts';
import { LARGE_COMPANY, seedLargeCompany } from './large.ts';

/**
 * `npm run db:seed`: migrates (files into the configured store: DATA_DIR or the bucket), then adds the demo data unless it is already there.
 * `npm run db:seed -- --large` also adds the large benchmark company (once), `--huge` the
 * company of 100,000 invoices, tickets and documents (issue 20).
 */
const config = loadConfig();
const storage = openStorage(config);
await storage.check();
const database = await openDatabase(config);
try {
  await database.migrate();
  const added = await seedDemoData(database.db, { dataDir: config.dataDir, storage });
  console.log(added ? 'Demo data added.' : 'Demo data already present; nothing changed.');
  if (process.argv.includes('--large')) {
    const addedLarge = await seedLargeCompany(database.db, { dataDir: config.dataDir, storage });
    console.log(
      addedLarge
        ? `Large company "${LARGE_COMPANY.name}" added; sign in as ${LARGE_COMPANY.userEmail}.`
        : `Large company "${LARGE_COMPANY.name}" already present; nothing changed.`,
    );
  }
  if (process.argv.includes('--huge')) {
    const started = Date.now();
    const addedHuge = await seedHugeCompany(database.db);
    console.log(
      addedHuge
        ? `Huge company "${HUGE_COMPANY.name}" added in ${((Date.now() - started) / 1000).toFixed(1)} s; sign in as ${HUGE_COMPANY.userEmail}.`
        : `Huge company "${HUGE_COMPANY.name}" already present; nothing changed.`,
    );
  }
} finally {
  await database.close();
  storage.close();
}
