import type { Invoice } from '../../../shared/schemas/invoices.ts';
import { toast } from '../../lib/toast.ts';
import { openInNewTab } from '../shared/open-link.ts';

export function payInvoice(invoice: Invoice): void {
  if (!invoice.paymentUrl) {
    toast({
      title: 'Payment Not Available',
      description: 'Payment link is not available for this invoice.',
      variant: 'destructive',
    });
    return;
  }
  openInNewTab(invoice.paymentUrl);
}

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
