import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { currentUserQuery } from '../../lib/auth.ts';
import { offerConfirmation } from '../../lib/recent-sign-in.ts';
import { toast } from '../../lib/toast.ts';
import { Dialog, DialogContent } from '../../ui/dialog.tsx';
import { PasskeyConfirm } from './passkey-second-factor.tsx';
import { secondFactorStatusQuery } from './second-factor-api.ts';
import { VerifyForm } from './second-factor-screen.tsx';

/**
 * Changes to how a company signs in, and second-factor resets, need the second factor within
 * the last 10 minutes (issue 35). When the server refuses one as not recent, this asks for the
 * factor again here instead of sending the staff member through sign-out and sign-in.
 */
export function ConfirmItIsYouDialog() {
  const [open, setOpen] = useState(false);
  useEffect(() => offerConfirmation(() => setOpen(true)), []);
  const status = useQuery({ ...secondFactorStatusQuery(), enabled: open });
  const queryClient = useQueryClient();
  const done = async () => {
    setOpen(false);
    await queryClient.invalidateQueries({ queryKey: currentUserQuery().queryKey });
    toast({ title: 'Confirmed', description: 'Make your change again to save it.' });
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent
        title="Confirm it is you"
        description="This change needs your second factor from the last 10 minutes."
      >
        {status.data ? (
          <div className="grid gap-4">
            {status.data.passkeys > 0 && <PasskeyConfirm onDone={done} />}
            {status.data.totp && <VerifyForm onDone={done} />}
          </div>
        ) : (
          <p className="text-sm text-slate-600">Loading…</p>
        )}
      </DialogContent>
    </Dialog>
  );
}
