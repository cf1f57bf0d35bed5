import path from 'node:path';

/** Override with E2E_PORT to run two suites side by side. */
const app = Number(process.env.E2E_PORT ?? 4310);
/** The app, its SMTP sink, and the test harness's session door (tests/e2e/session-door.ts). */
export const e2ePorts = { app, smtp: app + 1, sessions: app + 2 };
const root = path.resolve('.tmp', `e2e-${app}`);
export const e2eDirs = { root, data: path.join(root, 'data'), mail: path.join(root, 'mail') };
/**
 * The app's host name: localhost, because WebAuthn refuses IP addresses as relying party ids
 * and the passkey spec runs with the rest (the server listens on 127.0.0.1; Chromium maps
 * localhost to the loopback address itself).
 */
export const e2eHost = process.env.E2E_HOST ?? 'localhost';
export const e2eBaseUrl = `http://${e2eHost}:${app}`;

/**
 * The second server with online payment on (serve-stripe.ts), its session door and its Stripe
 * stand-in: the five ports after the shared server's (a shard's ports are 10 apart).
 */
export const stripeE2e = {
  ports: { app: app + 5, smtp: app + 6, sessions: app + 7, standIn: app + 8 },
  baseUrl: `http://${e2eHost}:${app + 5}`,
  dataDir: path.join(root, 'stripe-data'),
};
