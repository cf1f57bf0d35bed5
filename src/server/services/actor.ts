/** Who does a write: the signed-in user a route acts for (plugins/session/actor.ts). */
export type Actor = { id: string; name: string; email: string };

/**
 * Who a recorded write names: a user, or a system door with no user (Stripe's webhook: ADR 067),
 * whose audit rows and payments then carry its name and no user id.
 */
export type Recorder = { id: string | null; name: string; email?: string };
