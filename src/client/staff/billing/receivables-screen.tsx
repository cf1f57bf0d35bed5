import { useState } from 'react';
import { ageingBuckets } from '../../../shared/ageing.ts';
import { formatMinorAmount } from '../../../shared/money-format.ts';
import type { Receivable } from '../../../shared/schemas/statements.ts';
import { staffQueries, staffUrl } from '../../lib/staff-queries.ts';
import { useListParams } from '../../lists/use-list-params.ts';
import { usePagedList } from '../../lists/use-paged-list.ts';
import { StatementPanel } from '../../statements/statement-panel.tsx';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogContent } from '../../ui/dialog.tsx';
import { SearchBox } from '../filters.tsx';
import { PageHeader } from '../layout.tsx';
import { ListCard } from '../list-card.tsx';
import { DataRow, DataTable, cell } from '../table.tsx';

const columns = ['Company', 'Open balance', ...ageingBuckets.map((b) => b.label), 'Actions'];

/**
 * Issue 39 item 6: accounts receivable, what each company owes today by days past due, in its
 * own currency (never added across currencies), by name, in pages; a company's statement of
 * any period opens from its row.
 */
export function ReceivablesScreen() {
  const list = useListParams({}, staffQueries.receivables);
  const rows = usePagedList(staffQueries.receivables(list.serverParams));
  const [open, setOpen] = useState<Receivable | null>(null);
  return (
    <>
      <PageHeader title="Accounts Receivable" />
      <ListCard
        pages={rows}
        empty={list.q ? 'No companies match your search' : 'No company owes anything'}
        what="companies"
        top={
          <p className="border-b border-slate-200 p-4 text-sm text-slate-600">
            Each company&rsquo;s open balance today, by days past the due date, in the
            company&rsquo;s currency.
          </p>
        }
        toolbar={
          <SearchBox label="Search companies" value={list.search} onChange={list.setSearch} />
        }
      >
        {(items) => (
          <DataTable caption="Accounts Receivable" columns={columns} wide={['Company']}>
            {items.map((r) => {
              const money = (minor: number) => formatMinorAmount(minor, r.currency);
              return (
                <DataRow key={r.customerId}>
                  <td className={`${cell} font-medium text-slate-900`}>{r.companyName}</td>
                  <td className={`${cell} font-semibold whitespace-nowrap`}>
                    {money(r.openMinor)}
                  </td>
                  {ageingBuckets.map((b) => (
                    <td key={b.key} className={`${cell} whitespace-nowrap`}>
                      {money(r[b.key])}
                    </td>
                  ))}
                  <td className={cell}>
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Statement of ${r.companyName}`}
                      onClick={() => setOpen(r)}
                    >
                      Statement
                    </Button>
                  </td>
                </DataRow>
              );
            })}
          </DataTable>
        )}
      </ListCard>
      {open && (
        <Dialog open onOpenChange={(o) => !o && setOpen(null)}>
          <DialogContent title={`Statement of ${open.companyName}`} className="max-w-3xl">
            <StatementPanel
              address={staffUrl(`customers/${open.customerId}/statement`)}
              queryKey={[...staffQueries.all, 'customers', open.customerId]}
            />
          </DialogContent>
        </Dialog>
      )}
    </>
  );
}
