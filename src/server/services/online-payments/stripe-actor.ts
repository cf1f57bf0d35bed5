import type { Recorder } from '../actor.ts';

/** The audit rows and payments the webhook writes name Stripe, not a user. */
export const STRIPE: Recorder = { id: null, name: 'Stripe' };
