import { useState } from 'react';
import { useLocation } from 'wouter';
import { companyRoleLabels } from '../../../shared/permissions.ts';
import { paths } from '../../../shared/routes.ts';
import type { PortalCompany } from '../shared/use-company-query.ts';
import { toast } from '../../lib/toast.ts';
import { ConfirmItemDialog } from '../../ui/alert-dialog.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../ui/card.tsx';
import { useLeaveCompany } from './api.ts';

/**
 * The companies the account belongs to, each with "Leave this company" (review N3): a
 * membership is the member's to end, except for a company's last admin (the server says so).
 */
export function CompaniesCard({ companies }: { companies: PortalCompany[] }) {
  const leave = useLeaveCompany();
  const [leaving, setLeaving] = useState<PortalCompany | null>(null);
  const [, navigate] = useLocation();
  if (companies.length === 0) return null;
  const confirm = (company: PortalCompany) =>
    leave.mutate(company.id, {
      onSuccess: () => {
        toast({ title: `You left ${company.name}` });
        // The address may name the company just left.
        navigate(paths.profile);
      },
    });
  return (
    <Card role="region" aria-label="Your Companies">
      <CardHeader title="Your Companies" />
      <CardBody>
        <ul className="divide-y divide-slate-200">
          {companies.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div>
                <p className="font-medium text-slate-900">{c.name}</p>
                <p className="text-sm text-slate-600">{companyRoleLabels[c.role]}</p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                disabled={leave.isPending}
                onClick={() => setLeaving(c)}
                aria-label={`Leave Company: ${c.name}`}
              >
                Leave Company
              </Button>
            </li>
          ))}
        </ul>
      </CardBody>
      <ConfirmItemDialog
        item={leaving}
        onClose={() => setLeaving(null)}
        title="Leave this company?"
        description={(c) =>
          `You will no longer see ${c.name} in the portal, and its admins will no longer see your sign-ins. To come back, one of its admins must invite you again.`
        }
        confirmLabel="Leave"
        onConfirm={confirm}
      />
    </Card>
  );
}
