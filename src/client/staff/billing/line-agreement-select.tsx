import { useQuery } from '@tanstack/react-query';
import { staffQueries } from '../../lib/staff-queries.ts';
import { Select } from '../../ui/select.tsx';

const NO_AGREEMENT = 'none';

/**
 * The agreement an invoice line bills (ADR 066 addendum): any of the company's, an ended one
 * too (a final bill), so the list is not filtered by status as the time card's is.
 */
export function LineAgreementSelect({
  companyId,
  value,
  onChange,
  id,
  ...aria
}: {
  companyId: string;
  value: string | null;
  onChange: (agreementId: string | null) => void;
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  const list = useQuery(staffQueries.agreements(companyId));
  return (
    <Select
      id={id}
      {...aria}
      value={value ?? NO_AGREEMENT}
      // Radix's hidden native select answers '' while the chosen option is not yet listed.
      onValueChange={(v) => {
        if (v) onChange(v === NO_AGREEMENT ? null : v);
      }}
      options={[
        { value: NO_AGREEMENT, label: 'No agreement' },
        ...(list.data ?? []).map((a) => ({
          value: a.id,
          label: a.status === 'ended' ? `${a.name} (ended)` : a.name,
        })),
      ]}
    />
  );
}
