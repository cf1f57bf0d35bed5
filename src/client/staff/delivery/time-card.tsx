import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { formatDate } from '../../../shared/format.ts';
import { timeEntryInputSchema } from '../../../shared/schemas/time-entries.ts';
import { Button } from '../../ui/button.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { Input } from '../../ui/input.tsx';
import { sendJson, useStaffMutation } from '../api.ts';
import { staffQueries, staffUrl } from '../../lib/staff-queries.ts';
import { usePagedList } from '../../lists/use-paged-list.ts';
import { ListCard } from '../list-card.tsx';
import { NO_PROJECT, ProjectPicker, projectIdOf } from '../project-picker.tsx';
import { DataRow, DataTable, cell } from '../table.tsx';
import {
  AgreementBillableFields,
  WorkDateHoursFields,
  blankWorkHours,
} from '../time-entry-fields.tsx';
import { useStaffCan } from '../use-staff-can.ts';

type Values = z.input<typeof timeEntryInputSchema>;
type Output = z.output<typeof timeEntryInputSchema>;

/**
 * Hours worked for the company (the dashboard's "This Month's Hours"), newest first in pages
 * (issue 20). The project is searched on the server (any of the company's projects).
 */
export function TimeCard({ companyId }: { companyId: string }) {
  const url = staffUrl(`customers/${companyId}/time-entries`);
  const entries = usePagedList(staffQueries.timeEntries(companyId));
  const agreements = useQuery(staffQueries.agreements(companyId));
  const agreementName = (id: string | null) =>
    (id && agreements.data?.find((a) => a.id === id)?.name) ?? '—';
  const blank = { ...blankWorkHours(), description: '' };
  // The project lives outside the form: the picker keeps the chosen project's name too.
  const [project, setProject] = useState(NO_PROJECT);
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(timeEntryInputSchema),
    defaultValues: blank,
  });
  const log = useStaffMutation<Output>({
    request: (body) => sendJson('POST', url, body),
    success: 'Time Logged',
    failure: 'Failed to log time. Please try again.',
    onSuccess: () => {
      form.reset(blank);
      setProject(NO_PROJECT);
    },
  });
  const errors = form.formState.errors;
  // Agents log time (ADR 058); billing and the auditor read it, with no form to fill.
  const canLog = useStaffCan('timeEntries');
  return (
    <ListCard
      title="Time Entries"
      top={
        canLog && (
          <form
            noValidate
            aria-label="Log time"
            className="grid gap-3 border-b border-slate-200 p-5 sm:grid-cols-2 lg:grid-cols-4"
            onSubmit={form.handleSubmit((values) =>
              log.mutate({
                ...values,
                projectId: projectIdOf(project),
              }),
            )}
          >
            <WorkDateHoursFields
              dateLabel="Work date"
              date={form.register('workDate')}
              hours={form.register('hours', { valueAsNumber: true })}
              errors={errors}
            />
            <FormField label="Project">
              <ProjectPicker
                companyId={companyId}
                chosen={project}
                onChange={setProject}
                className="sm:w-full"
              />
            </FormField>
            <FormField label="Description" error={errors.description?.message}>
              <Input {...form.register('description')} />
            </FormField>
            <AgreementBillableFields form={form} companyId={companyId} />
            <div className="flex items-end">
              <Button type="submit" disabled={log.isPending} className="w-full">
                {log.isPending ? 'Saving...' : 'Log Time'}
              </Button>
            </div>
          </form>
        )
      }
      pages={entries}
      empty="No time logged yet"
      what="time entries"
      one="time entry"
    >
      {(rows) => (
        <DataTable
          caption="Time entries"
          columns={['Date', 'Hours', 'Project', 'Ticket', 'Agreement', 'Description', 'Logged by']}
        >
          {rows.map((e) => (
            <DataRow key={e.id}>
              <td className={cell}>{formatDate(e.workDate)}</td>
              <td className={cell}>
                {e.hours.toFixed(2)}
                {!e.billable && <div className="text-xs text-slate-600">Non-billable</div>}
              </td>
              <td className={cell}>{e.projectName ?? '—'}</td>
              <td className={cell}>{e.ticketId ?? '—'}</td>
              <td className={cell}>{agreementName(e.agreementId)}</td>
              <td className={cell}>{e.description || '—'}</td>
              <td className={cell}>{e.loggedBy ?? '—'}</td>
            </DataRow>
          ))}
        </DataTable>
      )}
    </ListCard>
  );
}
