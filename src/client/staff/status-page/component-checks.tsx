import { useQuery } from '@tanstack/react-query';
import { staffQueries } from '../../lib/staff-queries.ts';
import { CheckboxList } from './checkbox-list.tsx';

/** The components an incident or a window names: one checkbox each, in page order. */
export function ComponentChecks({
  value,
  onChange,
  error,
}: {
  value: readonly string[];
  onChange: (next: string[]) => void;
  error?: string | undefined;
}) {
  const components = useQuery(staffQueries.statusComponents());
  if (components.data?.length === 0) {
    return <p className="text-sm text-slate-700">Add a component on the Status Page first.</p>;
  }
  return (
    <CheckboxList
      legend="Affected components"
      options={(components.data ?? []).map((c) => ({ id: c.id, label: c.name, name: c.name }))}
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}
