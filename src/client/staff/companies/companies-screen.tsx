import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { paths } from '../../../shared/routes.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { staffQueries } from '../../lib/staff-queries.ts';
import { PageHeader } from '../layout.tsx';
import { QueryState } from '../query-state.tsx';
import { DataTable, cell } from '../table.tsx';
import { CompanyFormDialog } from './company-form-dialog.tsx';

/** All customer companies; open one to run its users, billing, delivery and documents. */
export function CompaniesScreen() {
  const [creating, setCreating] = useState(false);
  const [, navigate] = useLocation();
  const companies = useQuery(staffQueries.companies());
  return (
    <>
      <PageHeader
        title="Customers"
        action={<Button onClick={() => setCreating(true)}>New Company</Button>}
      />
      <Card>
        <QueryState query={companies} empty="No companies yet">
          {(rows) => (
            <DataTable
              caption="Companies"
              columns={['Company', 'Email', 'Phone', 'Users', 'Open tickets']}
            >
              {rows.map((c) => (
                <tr key={c.id}>
                  <td className={cell}>
                    <Link
                      href={paths.staffCustomer(c.id)}
                      className="font-medium text-brand-600 hover:underline"
                    >
                      {c.name}
                    </Link>
                  </td>
                  <td className={cell}>{c.email ?? '—'}</td>
                  <td className={cell}>{c.phone ?? '—'}</td>
                  <td className={cell}>{c.userCount}</td>
                  <td className={cell}>{c.openTickets}</td>
                </tr>
              ))}
            </DataTable>
          )}
        </QueryState>
      </Card>
      {creating && (
        <CompanyFormDialog
          onClose={() => setCreating(false)}
          onSaved={(saved) => navigate(paths.staffCustomer(saved.id))}
        />
      )}
    </>
  );
}
