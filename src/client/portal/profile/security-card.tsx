import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../../shared/format.ts';
import { logoutEverywhere } from '../../lib/auth.ts';
import { ConfirmDialog } from '../../ui/alert-dialog.tsx';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../ui/card.tsx';

/** Security & Privacy card: sign-in method, the real previous sign-in, and logout everywhere. */
export function SecurityCard({ previousSignInAt }: { previousSignInAt: string | null }) {
  const [confirming, setConfirming] = useState(false);
  // Every session ends, this one too; logoutEverywhere then leaves the portal with a full reload.
  const logoutAll = useMutation({
    mutationFn: logoutEverywhere,
    meta: { failureToast: 'Failed to log out from all sessions. Please try again.' },
  });
  return (
    <Card role="region" aria-label="Security & Privacy">
      <CardHeader title="Security & Privacy" />
      <CardBody className="grid gap-4 text-sm">
        <div className="flex items-center justify-between gap-4">
          <div>
            <p className="font-medium text-slate-900">Account type</p>
            <p className="text-slate-600">Magic Link Authentication</p>
          </div>
          <Badge tone="green">Active</Badge>
        </div>
        <div>
          <p className="font-medium text-slate-900">Last login</p>
          <p className="text-slate-600">
            {previousSignInAt ? formatDateTime(previousSignInAt) : 'This is your first sign-in.'}
          </p>
        </div>
        <div>
          <Button
            variant="destructive"
            disabled={logoutAll.isPending}
            onClick={() => setConfirming(true)}
          >
            Logout from all sessions
          </Button>
          <p className="mt-2 text-xs text-slate-600">
            Signs you out on every device and browser, including this one.
          </p>
        </div>
      </CardBody>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Log out from all sessions?"
        description="You will be signed out on every device and browser, including this one. You can sign in again with a new magic link."
        confirmLabel="Log out everywhere"
        onConfirm={() => logoutAll.mutate()}
      />
    </Card>
  );
}
