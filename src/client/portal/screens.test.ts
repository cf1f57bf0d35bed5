import { describe, expect, it } from 'vitest';
import { paths } from '../../shared/routes.ts';
import { portalScreens } from './screens.tsx';

describe('the table of portal screens', () => {
  it("gives the navigation the spec's five entries, in its order, each to its screen", () => {
    const nav = portalScreens.flatMap((s) => (s.nav ? [[s.nav.label, s.paths[0]]] : []));
    expect(nav).toEqual([
      ['Dashboard', paths.dashboard],
      ['Invoices', paths.invoices],
      ['Projects', paths.projects],
      ['Tickets', paths.tickets],
      ['Documents', paths.documents],
    ]);
  });

  it('routes every portal path of the spec to one screen, each path once', () => {
    const all = portalScreens.flatMap((s) => s.paths);
    expect(new Set(all).size).toBe(all.length);
    expect([...all].sort()).toEqual(
      [
        paths.home,
        paths.portal,
        paths.dashboard,
        paths.invoices,
        paths.projects,
        paths.tickets,
        paths.documents,
        paths.profile,
        paths.team,
        paths.quotePattern,
        paths.portalArticlePattern,
      ].sort(),
    );
  });
});
