import { Repeat } from 'lucide-react';
import { Button } from '../../ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../ui/card.tsx';
import { Switch } from '../../ui/switch.tsx';
import { autopaySetupUrl, useAutopay, useSetAutopay } from './autopay-api.ts';

/**
 * Autopay (ADR 067), for the roles that see invoices, only where online payment is set up:
 * save a card or bank account with Stripe, then new recurring invoices are paid when issued.
 */
export function AutopayCard({ companyId }: { companyId: string }) {
  const { data } = useAutopay(companyId);
  const change = useSetAutopay(companyId);
  if (!data?.available) return null;
  const setUp = (
    <Button asChild variant={data.saved ? 'secondary' : 'primary'}>
      <a href={autopaySetupUrl(companyId)}>
        <Repeat className="h-4 w-4" aria-hidden />
        {data.saved ? 'Change Payment Method' : 'Set Up Autopay'}
      </a>
    </Button>
  );
  return (
    <Card>
      <CardHeader title="Autopay" />
      <CardBody className="flex flex-wrap items-center justify-between gap-4">
        <p className="max-w-prose text-sm text-slate-600">
          {data.saved
            ? 'Recurring invoices are charged to your saved card or bank account when they are issued, while autopay is on. You get a receipt for each payment.'
            : 'Save a card or bank account with our payment provider, Stripe, and recurring invoices are paid when they are issued.'}
        </p>
        <div className="flex flex-wrap items-center gap-4">
          {data.saved && (
            <label className="flex items-center gap-2 text-sm font-medium text-slate-900">
              <Switch
                checked={data.autopay}
                disabled={change.isPending}
                onCheckedChange={(on) => change.mutate(on)}
              />
              Autopay
            </label>
          )}
          {setUp}
        </div>
      </CardBody>
    </Card>
  );
}
