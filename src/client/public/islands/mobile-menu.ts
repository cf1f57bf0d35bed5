/**
 * The mobile menu's island, plain DOM code (React would add ~60 KB to a `<details>` that
 * already opens and closes): Escape closes it and gives focus back to its button, and so do
 * a click outside, Tab moving focus out of it, and a chosen link (in the client app, links
 * change the page without a reload).
 */
export function enhanceMobileMenu(menu: HTMLDetailsElement): void {
  const summary = menu.querySelector('summary');
  const close = (refocus: boolean) => {
    if (!menu.open) return;
    menu.open = false;
    if (refocus) summary?.focus();
  };
  menu.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') close(true);
  });
  menu.addEventListener('focusout', (e) => {
    const next = e.relatedTarget;
    if (next instanceof Node && !menu.contains(next)) close(false);
  });
  menu.addEventListener('click', (e) => {
    const target = e.target as Element;
    if (target.closest('[data-menu-backdrop]')) close(true);
    else if (target.closest('a')) close(false);
  });
}
