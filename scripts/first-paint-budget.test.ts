import { describe, expect, it } from 'vitest';
import {
  customerReachable,
  entryChunks,
  firstPaintChunks,
  staffChunks,
  type Manifest,
} from './first-paint-budget.ts';

// A build's manifest in small: the app's entry, the portal and staff areas it loads lazily,
// a shared chunk, a lazy portal screen and a dialog that screen loads on demand.
const manifest: Manifest = {
  '_main.js': {
    file: 'assets/main.js',
    imports: ['_react.js'],
    dynamicImports: ['src/client/portal/routes.tsx', 'src/client/staff/routes.tsx'],
  },
  '_react.js': { file: 'assets/react.js' },
  '_ui.js': { file: 'assets/ui.js', imports: ['_react.js'] },
  'src/client/portal/routes.tsx': {
    file: 'assets/routes.js',
    src: 'src/client/portal/routes.tsx',
    imports: ['_ui.js'],
    dynamicImports: ['src/client/portal/invoices/invoices-screen.tsx'],
  },
  'src/client/portal/invoices/invoices-screen.tsx': {
    file: 'assets/invoices.js',
    src: 'src/client/portal/invoices/invoices-screen.tsx',
    imports: ['_ui.js'],
    dynamicImports: ['src/client/portal/invoices/invoice-dialog.tsx'],
  },
  'src/client/portal/invoices/invoice-dialog.tsx': {
    file: 'assets/dialog.js',
    src: 'src/client/portal/invoices/invoice-dialog.tsx',
  },
  'src/client/staff/routes.tsx': {
    file: 'assets/staff.js',
    src: 'src/client/staff/routes.tsx',
    imports: ['_ui.js', 'src/client/staff/helpdesk.tsx'],
  },
  'src/client/staff/helpdesk.tsx': {
    file: 'assets/helpdesk.js',
    src: 'src/client/staff/helpdesk.tsx',
  },
};

const indexHtml = '<script type="module" crossorigin src="/assets/main.js"></script>';
const entry = ['_main.js'];

describe('first-paint JavaScript of a portal screen', () => {
  it("finds the app's entry chunks in index.html", () => {
    expect(entryChunks(manifest, indexHtml)).toEqual(entry);
    expect(() => entryChunks(manifest, `${indexHtml}<script src="/assets/gone.js">`)).toThrow(
      'the manifest lacks',
    );
  });

  it('is the entry, the portal routes and the screen with their static imports, not what loads on demand', () => {
    const chunks = firstPaintChunks(
      manifest,
      entry,
      'src/client/portal/invoices/invoices-screen.tsx',
    );
    expect([...chunks].sort()).toEqual(
      [
        '_react.js',
        '_ui.js',
        '_main.js',
        'src/client/portal/invoices/invoices-screen.tsx',
        'src/client/portal/routes.tsx',
      ].sort(),
    );
  });

  it("finds no staff code in a customer's reach, and names it when a portal module imports it", () => {
    expect(staffChunks(manifest, customerReachable(manifest, entry))).toEqual([]);
    const leaking: Manifest = {
      ...manifest,
      'src/client/portal/invoices/invoice-dialog.tsx': {
        file: 'assets/dialog.js',
        src: 'src/client/portal/invoices/invoice-dialog.tsx',
        imports: ['src/client/staff/helpdesk.tsx'],
      },
    };
    expect(staffChunks(leaking, customerReachable(leaking, entry))).toEqual([
      'src/client/staff/helpdesk.tsx',
    ]);
  });

  it('refuses a build without the portal routes', () => {
    expect(() => firstPaintChunks({ '_main.js': { file: 'a.js' } }, entry, 'x.tsx')).toThrow(
      'is not in the build',
    );
  });
});
