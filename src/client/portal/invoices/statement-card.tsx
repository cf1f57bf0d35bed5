import { Card, CardBody, CardHeader } from '../../ui/card.tsx';
import { portalQueries } from '../../lib/portal-queries.ts';
import { StatementPanel } from '../../statements/statement-panel.tsx';

/** Issue 39 item 5: the company's statement, below its invoices (admin and billing only). */
export function StatementCard({ companyId }: { companyId: string }) {
  return (
    <Card>
      <CardHeader title="Statement" />
      <CardBody>
        <p className="mb-4 text-sm text-slate-600">
          What you were invoiced, credited and paid in a period, your balance at its end and how
          long it has been due.
        </p>
        <StatementPanel
          address={`/api/customers/${companyId}/statement`}
          queryKey={portalQueries.company(companyId)}
        />
      </CardBody>
    </Card>
  );
}
