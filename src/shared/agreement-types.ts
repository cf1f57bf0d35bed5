/**
 * What a company bought (ADR 071) and its name on screen. Kept apart from the agreement
 * schemas: the invoices screen shows the names without zod (issue 42).
 */
export const agreementTypes = ['retainer', 'prepaid', 'time-and-materials'] as const;
export type AgreementType = (typeof agreementTypes)[number];

export const agreementTypeLabels: Record<AgreementType, string> = {
  retainer: 'Retainer',
  prepaid: 'Prepaid block',
  'time-and-materials': 'Time and materials',
};
