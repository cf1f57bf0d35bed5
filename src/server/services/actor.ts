/** Who does a write: the signed-in user a route acts for (plugins/session/actor.ts). */
export type Actor = { id: string; name: string; email: string };
