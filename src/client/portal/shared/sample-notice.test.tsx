import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SampleNotice } from './sample-notice.tsx';

afterEach(cleanup);

describe('SampleNotice', () => {
  it('says that a screen’s cards add up the sample rows (review V8), and only there', () => {
    render(<SampleNotice company="Initech" what="invoices" cards />);
    expect(screen.getByRole('note').textContent).toBe(
      'Sample data. Initech has no invoices yet, so the rows below are examples of what this ' +
        'page will show, and the cards add them up. They are not real and will be replaced by ' +
        'your own invoices.',
    );
    cleanup();
    render(<SampleNotice company="Initech" what="sites" />);
    expect(screen.getByRole('note').textContent).toBe(
      'Sample data. Initech has no sites yet, so the rows below are examples of what this ' +
        'page will show. They are not real and will be replaced by your own sites.',
    );
  });
});
