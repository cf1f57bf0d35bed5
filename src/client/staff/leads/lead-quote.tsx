import { useState } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../../../shared/routes.ts';
import type { Quote } from '../../../shared/schemas/quotes.ts';
import { staffUrl } from '../../lib/staff-queries.ts';
import { isUuid } from '../../lists/is-uuid.ts';
import { Button } from '../../ui/button.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { sendJson, useStaffMutation } from '../api.ts';
import { CompanyPicker } from '../company-picker.tsx';

/**
 * A quote request made a draft quote for a chosen company (ADR 072): its service the title, its
 * details the first line, priced on the company page's Quotes card, where this leads.
 */
export function LeadQuote({ leadId }: { leadId: string }) {
  const [companyId, setCompanyId] = useState('');
  const [, navigate] = useLocation();
  const make = useStaffMutation<string, Quote>({
    request: (customerId) =>
      sendJson('POST', staffUrl(`quotes/from-lead/${leadId}`), { customerId }),
    success: (q) => `Draft Quote ${q.number} Created`,
    failure: 'Failed to create the quote. Please try again.',
    onSuccess: (q) => navigate(paths.staffCustomer(q.customerId)),
  });
  return (
    <div className="mt-4 grid gap-2 border-t border-slate-200 pt-4 sm:grid-cols-[1fr_auto] sm:items-end">
      <FormField label="Make a draft quote for">
        <CompanyPicker value={companyId} onChange={setCompanyId} className="sm:w-full" />
      </FormField>
      <Button
        disabled={!isUuid(companyId) || make.isPending}
        onClick={() => make.mutate(companyId)}
      >
        Make Quote
      </Button>
    </div>
  );
}
