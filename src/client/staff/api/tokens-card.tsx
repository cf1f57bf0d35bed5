import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate, formatDateTime } from '../../../shared/format.ts';
import {
  apiTokenScopeLabels,
  type ApiToken,
  type CreatedApiToken,
} from '../../../shared/schemas/api-tokens.ts';
import { staffQueries, staffUrl } from '../../lib/staff-queries.ts';
import { ConfirmItemDialog } from '../../ui/alert-dialog.tsx';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardHeader } from '../../ui/card.tsx';
import { apiRequest } from '../../lib/api.ts';
import { useStaffMutation } from '../api.ts';
import { QueryState } from '../query-state.tsx';
import { DataRow, DataTable, cell } from '../table.tsx';
import { NewTokenDialog, TokenShownDialog } from './new-token-dialog.tsx';
import { useStaffCan } from '../use-staff-can.ts';

/** The signed-in staff member's own API tokens: create (shown once), see when used, revoke. */
export function TokensCard() {
  const tokens = useQuery(staffQueries.apiTokens());
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<CreatedApiToken | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const revoke = useStaffMutation<ApiToken>({
    request: (token) => apiRequest('DELETE', staffUrl(`api-tokens/${token.id}`)),
    success: 'Token Revoked',
    failure: 'Failed to revoke the token. Please try again.',
  });
  // Tokens are the admins' to make and revoke (ADR 058); the auditor reads the list.
  const canManage = useStaffCan('integrations');
  return (
    <Card>
      <CardHeader
        title="Your API Tokens"
        action={canManage && <Button onClick={() => setCreating(true)}>New Token</Button>}
      />
      <p className="px-5 pt-2 pb-4 text-sm text-slate-600">
        A token acts as you on <code>/api/staff/…</code> with{' '}
        <code>Authorization: Bearer &lt;token&gt;</code>. Read-only tokens cannot change anything.
      </p>
      <QueryState query={tokens} empty="No API tokens yet">
        {(rows) => (
          <DataTable
            caption="Your API Tokens"
            columns={[
              'Name',
              'Access',
              'Token',
              'Created',
              'Expires',
              'Last used',
              ...(canManage ? ['Actions'] : []),
            ]}
          >
            {rows.map((t) => (
              <DataRow key={t.id}>
                <td className={cell}>{t.name}</td>
                <td className={cell}>
                  <Badge tone={t.scope === 'read' ? 'gray' : 'amber'}>
                    {apiTokenScopeLabels[t.scope]}
                  </Badge>
                </td>
                <td className={cell}>
                  <code className="text-xs">{t.prefix}…</code>
                </td>
                <td className={`${cell} whitespace-nowrap`}>{formatDate(t.createdAt)}</td>
                <td className={`${cell} whitespace-nowrap`}>{formatDate(t.expiresAt)}</td>
                <td className={`${cell} whitespace-nowrap`}>
                  {t.lastUsedAt ? formatDateTime(t.lastUsedAt) : 'Never'}
                </td>
                {canManage && (
                  <td className={cell}>
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => setRevoking(t)}
                      aria-label={`Revoke ${t.name}`}
                    >
                      Revoke
                    </Button>
                  </td>
                )}
              </DataRow>
            ))}
          </DataTable>
        )}
      </QueryState>
      <ConfirmItemDialog
        item={revoking}
        onClose={() => setRevoking(null)}
        title="Revoke this token?"
        description={(t) => `Anything using “${t.name}” stops working at once.`}
        confirmLabel="Revoke"
        onConfirm={(t) => revoke.mutate(t)}
      />
      {creating && <NewTokenDialog onCreated={setShown} onClose={() => setCreating(false)} />}
      {shown && <TokenShownDialog token={shown} onClose={() => setShown(null)} />}
    </Card>
  );
}
