// The number boxes and labels an invoice's lines and a recurring invoice's template share, so both
// say the server's limits (shared/schemas) the same way: quantities to 3 decimals, percentages 0
// to 100, and name each field alike.
export const quantityInput = { type: 'number', step: '0.001', min: '0' } as const;
export const percentInput = { type: 'number', step: '0.01', min: '0', max: '100' } as const;

/** One set of labels for the draft editor's lines and the recurring template's (ADR 070 addendum). */
export const lineLabels = {
  description: 'Line description',
  quantity: 'Quantity',
  unitPrice: (currency: string) => `Unit price (${currency})`,
  taxRate: 'Tax rate (%)',
  discount: 'Discount (%)',
} as const;
