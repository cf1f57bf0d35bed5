import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate } from '../../../shared/format.ts';
import { closedDayInputSchema, type ClosedDay } from '../../../shared/schemas/sla.ts';
import { apiRequest } from '../../lib/api.ts';
import { staffQueries, staffUrl } from '../../lib/staff-queries.ts';
import { ConfirmItemDialog } from '../../ui/alert-dialog.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardHeader } from '../../ui/card.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { Input } from '../../ui/input.tsx';
import { sendJson, useStaffMutation } from '../api.ts';
import { FormDialog } from '../form-dialog.tsx';
import { QueryState } from '../query-state.tsx';
import { DataRow, DataTable, cell } from '../table.tsx';
import { useStaffCan } from '../use-staff-can.ts';

const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' });
/** "Thu, Feb 25, 2027": the weekday matters for a holiday. */
const dayText = (day: string) =>
  `${weekday.format(new Date(`${day}T00:00:00Z`))}, ${formatDate(day)}`;

function AddClosedDayDialog({ onClose }: { onClose: () => void }) {
  return (
    <FormDialog
      title="Add a Closed Day"
      description="No SLA clock runs on this day. Open tickets' due times move with it."
      schema={closedDayInputSchema}
      defaultValues={{ day: '', name: '' }}
      request={(body) => sendJson<ClosedDay>('POST', staffUrl('closed-days'), body)}
      success="Closed Day Added"
      failure="Failed to add the closed day. Please try again."
      submitLabel="Add Closed Day"
      pendingLabel="Adding..."
      onClose={onClose}
    >
      {({ register, formState: { errors } }) => (
        <>
          <FormField label="Date" required error={errors.day?.message}>
            <Input type="date" {...register('day')} />
          </FormField>
          <FormField label="Name" required error={errors.name?.message}>
            <Input placeholder="e.g. Christmas Day" {...register('name')} />
          </FormField>
        </>
      )}
    </FormDialog>
  );
}

/**
 * Holidays of the help desk (ADR 035 addendum): working weekdays on which no clock runs. A
 * change moves the due times of tickets whose clock is still running.
 */
export function ClosedDaysCard() {
  const days = useQuery(staffQueries.closedDays());
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<ClosedDay | null>(null);
  const remove = useStaffMutation<ClosedDay>({
    request: (d) => apiRequest('DELETE', staffUrl(`closed-days/${d.day}`)),
    success: 'Closed Day Removed',
    failure: 'Failed to remove the closed day. Please try again.',
  });
  const canManage = useStaffCan('serviceLevels');
  return (
    <Card>
      <CardHeader
        title="Closed Days"
        action={canManage && <Button onClick={() => setAdding(true)}>Add Closed Day</Button>}
      />
      <p className="px-5 pt-2 pb-4 text-sm text-slate-600">
        Holidays and other working days the help desk is closed: no target counts them. Adding or
        removing one moves the due times of open tickets; a first reply already given keeps its
        result.
      </p>
      <QueryState query={days} empty="No closed days">
        {(rows) => (
          <DataTable
            caption="Closed Days"
            columns={['Date', 'Name', ...(canManage ? ['Actions'] : [])]}
          >
            {rows.map((d) => (
              <DataRow key={d.day}>
                <td className={`${cell} whitespace-nowrap`}>{dayText(d.day)}</td>
                <td className={cell}>{d.name}</td>
                {canManage && (
                  <td className={cell}>
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => setRemoving(d)}
                      aria-label={`Remove ${d.name} (${formatDate(d.day)})`}
                    >
                      Remove
                    </Button>
                  </td>
                )}
              </DataRow>
            ))}
          </DataTable>
        )}
      </QueryState>
      <ConfirmItemDialog
        item={removing}
        onClose={() => setRemoving(null)}
        title="Remove this closed day?"
        description={(d) =>
          `${d.name} becomes a working day again; open tickets' due times move back.`
        }
        confirmLabel="Remove"
        onConfirm={(d) => remove.mutate(d)}
      />
      {adding && <AddClosedDayDialog onClose={() => setAdding(false)} />}
    </Card>
  );
}
