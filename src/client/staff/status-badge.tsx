import { Badge } from '../ui/badge.tsx';
import { statusLabels } from './labels.ts';

export function StatusBadge({ value }: { value: string }) {
  const known = statusLabels[value];
  return <Badge tone={known?.tone ?? 'gray'}>{known?.label ?? value}</Badge>;
}
