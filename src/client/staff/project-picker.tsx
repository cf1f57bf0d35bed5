import { staffQueries } from '../lib/staff-queries.ts';
import {
  PICKER_PAGE,
  ServerPicker,
  type PickerOption,
  type PickerProps,
} from './server-picker.tsx';

/** The picker's first option: the time entry or document belongs to no project. */
export const NO_PROJECT: PickerOption = { value: 'none', label: 'No project' };

/** The project a form sends: null for "No project". */
export const projectIdOf = (option: PickerOption) =>
  option.value === NO_PROJECT.value ? null : option.value;

/**
 * One of the company's projects, searched by name on the server (ADR 043 addendum): any of
 * 20,000 projects can be chosen, not only the first 200. The form keeps the chosen option
 * (id and name) so the closed box shows its name without another read.
 */
export function ProjectPicker({
  companyId,
  chosen,
  onChange,
  ...props
}: Omit<PickerProps, 'value'> & {
  companyId: string;
  chosen: PickerOption;
  onChange: (option: PickerOption) => void;
}) {
  return (
    <ServerPicker
      {...props}
      value={chosen.value}
      chosenLabel={chosen.label}
      onChange={onChange}
      read={(q) => staffQueries.projectNames(companyId, { q, limit: PICKER_PAGE })}
      labelOf={(row) => row.name}
      first={NO_PROJECT}
      nouns="projects"
    />
  );
}
