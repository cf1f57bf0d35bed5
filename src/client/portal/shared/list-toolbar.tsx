import { Search } from 'lucide-react';
import { Input } from '../../ui/input.tsx';
import { Select, type SelectOption } from '../../ui/select.tsx';

export type ToolbarFilter = {
  /** The accessible name, e.g. "Filter by status". */
  label: string;
  /** The visible name before the value, e.g. "Status": two selects both reading "All" are a riddle. */
  prefix: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
};

/** The search box and the filters above a list; they combine (spec section 5). */
export function ListToolbar({
  searchLabel,
  search,
  onSearch,
  filters,
}: {
  searchLabel: string;
  search: string;
  onSearch: (value: string) => void;
  filters: ToolbarFilter[];
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <div className="relative flex-1">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500"
          aria-hidden
        />
        <Input
          type="search"
          aria-label={searchLabel}
          placeholder={`${searchLabel}...`}
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          className="pl-9"
        />
      </div>
      {filters.map((f) => (
        <Select
          key={f.label}
          aria-label={f.label}
          prefix={f.prefix}
          value={f.value}
          onValueChange={f.onChange}
          options={f.options}
          className="sm:w-48"
        />
      ))}
    </div>
  );
}
