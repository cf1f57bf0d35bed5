// The one script of a prerendered public page (docs/decisions/024-public-islands.md), beside
// the client app's entry (main.tsx): a few hundred bytes that make the mobile menu nicer and
// wake each island when a visitor first reaches for it. React and an island's code load only
// then, or once the browser is idle when ISLAND_CODE_LOADS says 'idle'
// (public/islands/load-policy.ts). It arrives itself after the load event, or on the first
// reach, by the page's inline loader (public/islands/boot-loader.ts).
import './index.css';
import type { IslandName } from '../shared/islands.ts';
import { mayBeSignedIn } from './lib/server-hints.ts';
import { ISLAND_CODE_LOADS } from './public/islands/load-policy.ts';
import { enhanceMobileMenu } from './public/islands/mobile-menu.ts';

/** Signs of a visitor reaching for an island: pointing at it, touching it, tabbing into it. */
const INTENT = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/**
 * Until an island is hydrated, the first submit or in-page link click in it waits for its
 * code and is then replayed on the hydrated island; should the code fail to load, the
 * browser's own action goes ahead (the forms post as plain HTML forms).
 */
function wake(island: HTMLElement) {
  let hydrated: Promise<void> | null = null;
  const hydrate = () =>
    (hydrated ??= import('./public/islands/hydrate.tsx')
      .then(({ hydrateIsland }) => hydrateIsland(island))
      .then(() => {
        // React handles the island's events from now on.
        island.removeEventListener('submit', hold, true);
        island.removeEventListener('click', hold, true);
      }));
  const start = () => void hydrate().catch(() => {});
  for (const type of INTENT) island.addEventListener(type, start, { once: true, passive: true });
  // Reached before this script arrived (its loader fetches it on the first reach).
  if (island.matches(':focus-within, :hover')) start();

  function hold(event: Event) {
    const target = event.target as Element;
    const form = event.type === 'submit' ? (target as HTMLFormElement) : null;
    const link = event.type === 'click' ? target.closest<HTMLAnchorElement>('a[href^="#"]') : null;
    if (!form && !link) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const submitter = (event as SubmitEvent).submitter;
    hydrate().then(
      () => (form ? form.requestSubmit(submitter) : link?.click()),
      () => (form ? form.submit() : link && (window.location.hash = link.hash)),
    );
  }
  island.addEventListener('submit', hold, true);
  island.addEventListener('click', hold, true);
}

if (mayBeSignedIn() && document.querySelector('[data-signed-in-differs]')) {
  // The one prerendered page that differs signed in, the 404 page (its way back): with a
  // session cookie the client app asks "who am I" and shows it (docs/decisions/013-session-hint.md).
  // Every other public page stays as it is for a signed-in visitor (decision 049).
  void import('./main.tsx');
} else {
  document
    .querySelectorAll<HTMLDetailsElement>('details[data-mobile-menu]')
    .forEach(enhanceMobileMenu);
  const islands = document.querySelectorAll<HTMLElement>('[data-island]');
  islands.forEach(wake);
  if (ISLAND_CODE_LOADS === 'idle' && islands.length > 0)
    whenIdleAfterLoad(() => loadCode(islands));
}

/** Downloads (never hydrates) the code of every island on the page; a failure waits for a reach. */
function loadCode(islands: NodeListOf<HTMLElement>) {
  void import('./public/islands/hydrate.tsx')
    .then(({ loadIslandCode }) =>
      Promise.all([...islands].map((i) => loadIslandCode(i.dataset.island as IslandName))),
    )
    .catch(() => {});
}

/** After the load event (first paint is before it), when the browser has nothing else to do. */
function whenIdleAfterLoad(run: () => void) {
  // Browsers without requestIdleCallback (Safari before 18.4 by default): shortly after load.
  const idle = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(run, { timeout: 3000 })
      : setTimeout(run, 300);
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}
