import { SIGN_IN_AGAIN_MESSAGE } from '../../shared/sign-in-again.ts';
import { ApiError } from './api.ts';

// A write refused because the session's sign-in (or second factor) is over 10 minutes old
// (issue 35). A screen that can confirm it is the user instead (the staff workspace, with the
// second factor) registers here; elsewhere the failure toast says to sign in again.

let confirmer: (() => void) | null = null;

export const isNotRecentError = (error: unknown): boolean =>
  error instanceof ApiError &&
  error.status === 403 &&
  error.serverMessage === SIGN_IN_AGAIN_MESSAGE;

/** Registers what opens the confirmation; returns its removal. */
export function offerConfirmation(open: () => void): () => void {
  confirmer = open;
  return () => {
    if (confirmer === open) confirmer = null;
  };
}

/** Opens the registered confirmation; false when no screen offers one. */
export function askToConfirm(): boolean {
  if (!confirmer) return false;
  confirmer();
  return true;
}
