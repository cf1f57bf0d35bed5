import { can } from '../../../shared/permissions.ts';
import { quoteSendSchema, type Quote } from '../../../shared/schemas/quotes.ts';
import { staffQueries, staffUrl } from '../../lib/staff-queries.ts';
import { sendJson } from '../api.ts';
import { FormDialog } from '../form-dialog.tsx';
import { FormSelect } from '../form-select.tsx';
import { MAX_PAGE_SIZE } from '../../../shared/page-size.ts';
import { usePagedList } from '../../lists/use-paged-list.ts';

/** Send a draft to one of the company's users who may sign it (admin or billing). */
export function QuoteSendDialog({ quote, onClose }: { quote: Quote; onClose: () => void }) {
  // Companies have tens of users, not hundreds: the first (largest) page holds them.
  const users = usePagedList(
    staffQueries.companyUsers(quote.customerId, {
      status: 'active',
      limit: String(MAX_PAGE_SIZE),
    }),
  );
  const signers = users.rows.filter((u) => can(u.role, 'quotes'));
  return (
    <FormDialog
      title={`Send Quote ${quote.number}`}
      description="They get a mail with a link to read and sign it in the portal. The quote is frozen once sent."
      schema={quoteSendSchema}
      defaultValues={{ userId: signers[0]?.id ?? '' }}
      request={(body) => sendJson<Quote>('POST', staffUrl(`quotes/${quote.id}/send`), body)}
      success="Quote Sent"
      failure="Failed to send the quote. Please try again."
      submitLabel="Send"
      onClose={onClose}
    >
      {(form) => (
        <FormSelect
          control={form.control}
          name="userId"
          label="Send to"
          required
          placeholder={users.isPending ? 'Loading…' : 'Choose an admin or billing user'}
          options={signers.map((u) => ({
            value: u.id,
            label: `${u.firstName} ${u.lastName} (${u.email})`,
          }))}
          error={form.formState.errors.userId?.message}
        />
      )}
    </FormDialog>
  );
}
