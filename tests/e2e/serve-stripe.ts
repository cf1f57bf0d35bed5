// A second e2e server with online payment on (ADR 067), started by invoice-pay-online.spec.ts:
// its Stripe is the local stand-in (src/server/test/stripe-stand-in.ts; this machine cannot
// reach Stripe), whose Checkout page posts signed events to this server's webhook.
import { e2eDirs, stripeE2e } from './ports.ts';
import { startE2eServer } from './e2e-server.ts';
import {
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
  startStripeStandIn,
} from '../../src/server/test/stripe-stand-in.ts';

const standIn = await startStripeStandIn({ port: stripeE2e.ports.standIn });
standIn.setDeliver(standIn.deliverTo(`${stripeE2e.baseUrl}/api/stripe/webhook`));
await startE2eServer({
  ports: stripeE2e.ports,
  baseUrl: stripeE2e.baseUrl,
  dataDir: stripeE2e.dataDir,
  // The shared sink folder: the specs' mail helpers read it.
  mailDir: e2eDirs.mail,
  config: {
    stripe: {
      secretKey: STAND_IN_SECRET_KEY,
      webhookSecret: STAND_IN_WEBHOOK_SECRET,
      apiBase: standIn.url,
    },
  },
  closeWith: () => standIn.close(),
});
