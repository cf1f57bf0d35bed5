import { Button } from '../ui/button.tsx';

/** A schedule row's Edit, Pause/Resume and Delete buttons, each named after the schedule. */
export function ScheduleRowActions({
  name,
  paused,
  toggling,
  onEdit,
  onToggle,
  onDelete,
}: {
  name: string;
  paused: boolean;
  toggling: boolean;
  onEdit: () => void;
  onToggle: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Edit: ${name}`}>
        Edit
      </Button>
      <Button
        variant="secondary"
        size="sm"
        disabled={toggling}
        onClick={onToggle}
        aria-label={`${paused ? 'Resume' : 'Pause'}: ${name}`}
      >
        {paused ? 'Resume' : 'Pause'}
      </Button>
      <Button variant="secondary" size="sm" onClick={onDelete} aria-label={`Delete: ${name}`}>
        Delete
      </Button>
    </>
  );
}
