import { DateTime } from '../../ui/date-time.tsx';
import {
  signInEventLabels,
  signInEvents,
  describeSignInMethod,
} from '../../../shared/schemas/auth.ts';
import { staffQueries } from '../../lib/staff-queries.ts';
import { Badge } from '../../ui/badge.tsx';
import { PageHeader } from '../layout.tsx';
import { FilterSelect, SearchBox } from '../filters.tsx';
import { useListParams } from '../../lists/use-list-params.ts';
import { usePagedList } from '../../lists/use-paged-list.ts';
import { ListCard } from '../list-card.tsx';
import { DataRow, DataTable, cell } from '../table.tsx';

const eventOptions = [
  { value: 'all', label: 'All events' },
  ...signInEvents.map((e) => ({ value: e, label: signInEventLabels[e] })),
];

/**
 * Issue 18: every account's sign-ins, sign-outs and wrong codes, newest first; read in
 * pages (issue 20), searched by name, email and IP, filtered by event, both in the URL.
 */
export function SignInsScreen() {
  const list = useListParams({ event: signInEvents }, staffQueries.signIns);
  const entries = usePagedList(staffQueries.signIns(list.serverParams));
  return (
    <>
      <PageHeader title="Sign-in Log" />
      <ListCard
        pages={entries}
        empty={
          list.q || list.filters.event !== 'all'
            ? 'No entries match your search'
            : 'No sign-ins recorded yet'
        }
        what="entries"
        top={
          <p className="border-b border-slate-200 p-4 text-sm text-slate-600">
            Every account&rsquo;s entries, customers and staff, newest first. A person&rsquo;s own
            log is on their profile; a company&rsquo;s admins see their colleagues&rsquo;.
          </p>
        }
        toolbar={
          <>
            <SearchBox label="Search sign-ins" value={list.search} onChange={list.setSearch} />
            <FilterSelect
              label="Event"
              value={list.filters.event}
              onChange={(v) => list.setFilter('event', v)}
              options={eventOptions}
            />
          </>
        }
      >
        {(rows) => (
          <DataTable
            caption="Sign-in Log"
            columns={['When', 'Who', 'What', 'Browser', 'IP']}
            wide={['Who', 'Browser']}
          >
            {rows.map((e) => (
              <DataRow key={e.id}>
                <td className={cell}>
                  <DateTime value={e.at} />
                </td>
                <td className={cell}>
                  {e.userName}
                  <div className="text-xs text-slate-600">{e.userEmail}</div>
                </td>
                <td className={cell}>
                  <Badge
                    tone={
                      e.event === 'failed-code' ? 'red' : e.event === 'sign-in' ? 'green' : 'gray'
                    }
                  >
                    {signInEventLabels[e.event]}
                  </Badge>
                  {e.method && (
                    <div className="mt-1 text-xs text-slate-600">
                      {describeSignInMethod(e.method, e.issuer)}
                    </div>
                  )}
                </td>
                <td className={cell}>
                  {[e.browser, e.os].filter(Boolean).join(' on ') || 'Unknown browser'}
                </td>
                <td className={`${cell} font-mono text-xs`}>{e.ip ?? '—'}</td>
              </DataRow>
            ))}
          </DataTable>
        )}
      </ListCard>
    </>
  );
}
