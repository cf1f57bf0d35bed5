import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../../shared/format.ts';
import { signInEventLabels, signInMethodLabels } from '../../../shared/schemas/auth.ts';
import { staffQueries } from '../../lib/staff-queries.ts';
import { Badge } from '../../ui/badge.tsx';
import { Card } from '../../ui/card.tsx';
import { PageHeader } from '../layout.tsx';
import { QueryState } from '../query-state.tsx';
import { DataTable, cell } from '../table.tsx';

/** Issue 18: every account's sign-ins, sign-outs and wrong codes, newest first. */
export function SignInsScreen() {
  const entries = useQuery(staffQueries.signIns());
  return (
    <>
      <PageHeader title="Sign-in log" />
      <Card>
        <p className="border-b border-slate-200 p-4 text-sm text-slate-600">
          The newest 100 entries of every account, customers and staff. A person&rsquo;s own log is
          on their profile; a company&rsquo;s admins see their colleagues&rsquo;.
        </p>
        <QueryState query={entries} empty="No sign-ins recorded yet">
          {(rows) => (
            <DataTable caption="Sign-in log" columns={['When', 'Who', 'What', 'Browser', 'IP']}>
              {rows.map((e) => (
                <tr key={e.id}>
                  <td className={`${cell} whitespace-nowrap`}>{formatDateTime(e.at)}</td>
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
                        {signInMethodLabels[e.method]}
                      </div>
                    )}
                  </td>
                  <td className={cell}>
                    {[e.browser, e.os].filter(Boolean).join(' on ') || 'Unknown browser'}
                  </td>
                  <td className={`${cell} font-mono text-xs`}>{e.ip ?? '—'}</td>
                </tr>
              ))}
            </DataTable>
          )}
        </QueryState>
      </Card>
    </>
  );
}
