import { useState } from 'react';
import { staffQueries } from '../lib/staff-queries.ts';
import { PICKER_PAGE, ServerPicker, type PickerProps } from './server-picker.tsx';

/**
 * One of the company's active users (account and membership on), searched by name or address
 * on the server: any of a large company's users, not only the first 200 by name. The chosen
 * person's text is kept here; a new company (a new `key`) starts empty.
 */
export function ContactPicker({
  companyId,
  onChange,
  ...props
}: PickerProps & { companyId: string; onChange: (userId: string) => void }) {
  const [chosenLabel, setChosenLabel] = useState('');
  return (
    <ServerPicker
      {...props}
      chosenLabel={chosenLabel}
      onChange={(option) => {
        setChosenLabel(option.label);
        onChange(option.value);
      }}
      read={(q) =>
        staffQueries.companyUsers(companyId, { q, status: 'active', limit: PICKER_PAGE })
      }
      labelOf={(u) => `${u.firstName} ${u.lastName} (${u.email})`}
      nouns="users"
    />
  );
}
