import type { Invoice } from '../../../shared/schemas/invoices.ts';
import { toast } from '../../lib/toast.ts';
import { openInNewTab } from '../shared/open-link.ts';

export function openInvoicePdf(invoice: Invoice): void {
  if (!invoice.pdfUrl) {
    toast({
      title: 'Download Not Available',
      description: 'PDF is not available for this invoice.',
      variant: 'destructive',
    });
    return;
  }
  openInNewTab(invoice.pdfUrl);
}
