import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { toast } from '../lib/toast.ts';
import { ConfirmDialog } from './alert-dialog.tsx';
import { Dialog, DialogContent } from './dialog.tsx';
import { SideDrawer } from './side-drawer.tsx';
import { Toaster } from './toaster.tsx';

// A toast shown while a modal is open is the newest Radix layer, which alone hears Escape:
// the modal the person is in must close all the same (escape-fallback.ts).
afterEach(cleanup);

function Modal({ kind }: { kind: 'dialog' | 'drawer' | 'confirm' }) {
  const [open, setOpen] = useState(true);
  const body = (
    <button type="button" onClick={() => toast({ title: 'You Are Away' })}>
      Toggle
    </button>
  );
  if (kind === 'drawer')
    return (
      <SideDrawer title="Staff menu" open={open} onOpenChange={setOpen}>
        {body}
      </SideDrawer>
    );
  if (kind === 'confirm')
    return (
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Discard?"
        description={body}
        confirmLabel="Discard"
        onConfirm={() => {}}
      />
    );
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent title="Notifications">{body}</DialogContent>
    </Dialog>
  );
}

const escape = (target: Element = screen.getByRole('button', { name: 'Toggle' })) =>
  fireEvent.keyDown(target, { key: 'Escape' });

describe('Escape after a toast', () => {
  // Focus on the toggle, or on the body: a switch disabled while it saves drops focus there.
  for (const [kind, on] of [
    ['dialog', 'toggle'],
    ['drawer', 'toggle'],
    ['confirm', 'toggle'],
    ['dialog', 'body'],
    ['drawer', 'body'],
  ] as const) {
    it(`closes the ${kind} the person is in (focus on the ${on})`, async () => {
      render(
        <>
          <Modal kind={kind} />
          <Toaster />
        </>,
      );
      const modal = screen.getByRole(kind === 'confirm' ? 'alertdialog' : 'dialog');
      screen.getByRole('button', { name: 'Toggle' }).focus();
      act(() => screen.getByRole('button', { name: 'Toggle' }).click());
      expect(await screen.findAllByText('You Are Away')).not.toHaveLength(0);
      escape(on === 'body' ? document.body : undefined);
      expect(modal.isConnected).toBe(false);
    });
  }

  it('closes a dialog once when no toast is shown', () => {
    render(<Modal kind="dialog" />);
    escape();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
