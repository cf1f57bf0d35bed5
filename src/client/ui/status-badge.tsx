import { statusOf, type StatusKind, type StatusValue } from '../../shared/status-labels.ts';
import { Badge } from './badge.tsx';

/** A status, priority or category as a badge: the one label and colour of src/shared/status-labels.ts. */
export function StatusBadge<K extends StatusKind>({
  kind,
  value,
}: {
  kind: K;
  value: StatusValue<K>;
}) {
  const { label, tone } = statusOf(kind, value);
  return <Badge tone={tone}>{label}</Badge>;
}
