import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { paths } from '../../../shared/routes.ts';
import { Button } from '../../ui/button.tsx';
import { staffQueries } from '../../lib/staff-queries.ts';
import { SearchBox } from '../filters.tsx';
import { useListParams } from '../../lists/use-list-params.ts';
import { usePagedList } from '../../lists/use-paged-list.ts';
import { PageHeader } from '../layout.tsx';
import { ListCard } from '../list-card.tsx';
import { DataRow, DataTable, cell } from '../table.tsx';
import { useStaffCan } from '../use-staff-can.ts';
import { CompanyFormDialog } from './company-form-dialog.tsx';

/**
 * Customer companies by name, read in pages (issue 20) and searched by name, email and
 * phone; open one to run its users, billing, delivery and documents.
 */
export function CompaniesScreen() {
  const [creating, setCreating] = useState(false);
  const [, navigate] = useLocation();
  const list = useListParams({}, staffQueries.companies);
  const companies = usePagedList(staffQueries.companies(list.serverParams));
  // Companies are made by admins (ADR 058); the other roles read them.
  const canCreate = useStaffCan('companies');
  return (
    <>
      <PageHeader
        title="Customers"
        action={canCreate && <Button onClick={() => setCreating(true)}>New Company</Button>}
      />
      <ListCard
        pages={companies}
        empty={list.q ? 'No companies match your search' : 'No companies yet'}
        what="companies"
        toolbar={
          <SearchBox label="Search companies" value={list.search} onChange={list.setSearch} />
        }
      >
        {(rows) => (
          <DataTable
            caption="Companies"
            columns={['Company', 'Email', 'Phone', 'Users', 'Open tickets']}
            wide={['Email']}
          >
            {rows.map((c) => (
              <DataRow key={c.id}>
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
              </DataRow>
            ))}
          </DataTable>
        )}
      </ListCard>
      {creating && (
        <CompanyFormDialog
          onClose={() => setCreating(false)}
          onSaved={(saved) => navigate(paths.staffCustomer(saved.id))}
        />
      )}
    </>
  );
}
