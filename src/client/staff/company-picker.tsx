import { staffQueries } from '../lib/staff-queries.ts';
import { isUuid } from '../lists/is-uuid.ts';
import { usePagedList } from '../lists/use-paged-list.ts';
import { PICKER_PAGE, ServerPicker, type PickerProps } from './server-picker.tsx';

/**
 * A company chosen by searching the server (issue 20). `allLabel` adds a first option whose
 * value is `all` (a filter's "All companies"); the chosen company's name is read by its id.
 */
export function CompanyPicker({
  value,
  onChange,
  allLabel,
  ...props
}: PickerProps & { onChange: (companyId: string) => void; allLabel?: string }) {
  const chosen = usePagedList(staffQueries.companies({ id: value }), isUuid(value));
  return (
    <ServerPicker
      {...props}
      value={value}
      chosenLabel={isUuid(value) ? (chosen.rows[0]?.name ?? '') : (allLabel ?? '')}
      onChange={(option) => onChange(option.value)}
      read={(q) => staffQueries.companies({ q, limit: PICKER_PAGE })}
      labelOf={(row) => row.name}
      first={allLabel ? { value: 'all', label: allLabel } : undefined}
      nouns="companies"
    />
  );
}
