// The server the browser tests drive (tests/e2e/e2e-server.ts), on the ports of ports.ts.
import fs from 'node:fs/promises';
import { e2eBaseUrl, e2eDirs, e2ePorts } from './ports.ts';
import { startE2eServer } from './e2e-server.ts';

await fs.rm(e2eDirs.root, { recursive: true, force: true });
await startE2eServer({
  ports: e2ePorts,
  baseUrl: e2eBaseUrl,
  dataDir: e2eDirs.data,
  mailDir: e2eDirs.mail,
});
