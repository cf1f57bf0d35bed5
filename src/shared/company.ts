// The company's identity in one place: rebranding the product means editing this file.
export const company = {
  name: 'Meridian IT Services',
  shortName: 'Meridian IT',
  tagline: 'Technology services that keep your business running',
  foundedYear: 2009,
  address: {
    street: '1200 Congress Avenue, Suite 400',
    city: 'Austin',
    region: 'TX',
    postalCode: '78701',
    country: 'US',
  },
  phone: '(512) 555-0142',
  emergencyPhone: '(512) 555-0199',
  salesEmail: 'sales@meridian-it.example',
  supportEmail: 'support@meridian-it.example',
  hours: 'Mon-Fri 8 AM-6 PM',
  /** The same hours for the SLA clock (src/shared/business-hours.ts), in the office's zone. */
  businessHours: {
    timeZone: 'America/Chicago',
    days: [1, 2, 3, 4, 5],
    opens: 8 * 60,
    closes: 18 * 60,
  },
  emergencyHours: '24/7 emergency support',
  shareImagePath: '/og-default.png',
  governingLaw: 'Texas',
} as const;

export const companyAddressLine = `${company.address.street}, ${company.address.city}, ${company.address.region} ${company.address.postalCode}`;

/** Digits-only form of a phone number for `tel:` links. */
export function telHref(phone: string): string {
  return `tel:+1${phone.replace(/\D/g, '')}`;
}
