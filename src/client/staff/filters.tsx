import type { SelectOption } from '../ui/select.tsx';
import { Select } from '../ui/select.tsx';
import { Input } from '../ui/input.tsx';

/** A labelled filter select whose "all" value means "no filter". */
export function FilterSelect({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly SelectOption[];
}) {
  return (
    <div className="w-full sm:w-44">
      <Select aria-label={label} value={value} onValueChange={onChange} options={options} />
    </div>
  );
}

export function SearchBox({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Input
      type="search"
      aria-label={label}
      placeholder={`${label}...`}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      className="w-full sm:w-64"
    />
  );
}
