import { useState, type ReactNode } from 'react';
import { apiRequest } from '../lib/api.ts';
import { staffUrl } from '../lib/staff-queries.ts';
import { ConfirmItemDialog } from '../ui/alert-dialog.tsx';
import { Button } from '../ui/button.tsx';
import { sendJson, useStaffMutation } from './api.ts';

/**
 * A schedules card's commands (recurring invoices, scheduled tickets): pause or resume a row,
 * and delete one once the confirm dialog agrees. `path` is the staff API's collection,
 * `title` the thing in its toasts ("Recurring Invoice Updated").
 */
export function useScheduleCommands<T extends { id: string }>({
  path,
  title,
  toggleBody,
}: {
  path: string;
  title: string;
  toggleBody: (row: T) => object;
}) {
  const noun = title.toLowerCase();
  const [deleting, setDeleting] = useState<T | null>(null);
  const toggle = useStaffMutation<T>({
    request: (s) => sendJson('PATCH', staffUrl(`${path}/${s.id}`), toggleBody(s)),
    success: `${title} Updated`,
    failure: `Failed to update the ${noun}. Please try again.`,
  });
  const remove = useStaffMutation<T>({
    request: (s) => apiRequest('DELETE', staffUrl(`${path}/${s.id}`)),
    success: `${title} Deleted`,
    failure: `Failed to delete the ${noun}. Please try again.`,
  });
  return { toggle, remove, deleting, setDeleting };
}
type ScheduleCommands<T extends { id: string }> = ReturnType<typeof useScheduleCommands<T>>;

/** A schedule row's Edit, Pause/Resume and Delete buttons, each named after the schedule. */
export function ScheduleRowActions<T extends { id: string }>({
  row,
  name,
  paused,
  commands,
  onEdit,
}: {
  row: T;
  name: string;
  paused: boolean;
  commands: ScheduleCommands<T>;
  onEdit: () => void;
}) {
  return (
    <>
      <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Edit: ${name}`}>
        Edit
      </Button>
      <Button
        variant="secondary"
        size="sm"
        disabled={commands.toggle.isPending}
        onClick={() => commands.toggle.mutate(row)}
        aria-label={`${paused ? 'Resume' : 'Pause'}: ${name}`}
      >
        {paused ? 'Resume' : 'Pause'}
      </Button>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => commands.setDeleting(row)}
        aria-label={`Delete: ${name}`}
      >
        Delete
      </Button>
    </>
  );
}

/** Asks before a schedule row is deleted; what it made stays (`description` says so). */
export function ScheduleDeleteDialog<T extends { id: string }>({
  commands,
  title,
  description,
}: {
  commands: ScheduleCommands<T>;
  title: string;
  description: (row: T) => ReactNode;
}) {
  return (
    <ConfirmItemDialog
      item={commands.deleting}
      onClose={() => commands.setDeleting(null)}
      title={title}
      description={description}
      confirmLabel="Delete"
      onConfirm={(s) => commands.remove.mutate(s)}
    />
  );
}
