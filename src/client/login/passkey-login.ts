// The sign-in page's one script (docs/decisions/040-passkeys.md): the page works without it;
// with it, where the browser has passkeys, a "Sign in with a passkey" button and the
// e-mail field's passkey suggestions (conditional mediation).
import {
  passkeyAutofillSupported,
  passkeyErrorMessage,
  passkeysSupported,
  signInWithPasskey,
} from '../lib/passkeys.ts';

const box = document.getElementById('passkey');
const button = document.getElementById('passkey-sign-in');
const alert = document.getElementById('passkey-error');

if (box && button instanceof HTMLButtonElement && alert && passkeysSupported()) {
  box.hidden = false;
  const fail = (error: unknown) => {
    alert.textContent = passkeyErrorMessage(error);
    alert.hidden = false;
  };
  const go = (done: { landing: string } | null) => {
    if (done) window.location.assign(done.landing);
  };
  button.addEventListener('click', () => {
    alert.hidden = true;
    button.disabled = true;
    // Starting this ceremony ends the autofill one, which then resolves as cancelled.
    signInWithPasskey()
      .then(go, fail)
      .finally(() => {
        button.disabled = false;
      });
  });
  void passkeyAutofillSupported().then((supported) => {
    if (supported) signInWithPasskey({ autofill: true }).then(go, fail);
  });
}
