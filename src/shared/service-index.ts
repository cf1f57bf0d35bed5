/**
 * What every page needs of the 11 services (spec section 2): slug, name, the one-line subtitle
 * and icon, in the spec's order. Routes, header, footer and home cards read this; the catalogue
 * (services.ts) adds each service's description, benefits and features for the pages that show
 * them, so no other page downloads it.
 */
export type ServiceIcon =
  | 'package'
  | 'layers'
  | 'truck'
  | 'wrench'
  | 'headset'
  | 'cloud'
  | 'wifi'
  | 'life-buoy'
  | 'map-pin'
  | 'compass'
  | 'shield';

export type ServiceSummary = { slug: string; name: string; subtitle: string; icon: ServiceIcon };

export const serviceIndex = [
  {
    slug: 'hardware-procurement',
    name: 'Hardware Procurement',
    subtitle: 'The right devices, at the right price, delivered ready for work',
    icon: 'package',
  },
  {
    slug: 'staging-integration',
    name: 'Staging & Integration',
    subtitle: 'Devices imaged, configured and tested before they reach your site',
    icon: 'layers',
  },
  {
    slug: 'on-site-field-services',
    name: 'On-Site Field Services',
    subtitle: 'Certified technicians at your door across the country',
    icon: 'truck',
  },
  {
    slug: 'maintenance-repair',
    name: 'Maintenance & Repair',
    subtitle: 'Keep equipment running longer and fix it fast when it fails',
    icon: 'wrench',
  },
  {
    slug: 'help-desk-services',
    name: 'Help Desk Services',
    subtitle: 'A friendly, expert first call for every user, day and night',
    icon: 'headset',
  },
  {
    slug: 'cloud-solutions',
    name: 'Cloud Solutions',
    subtitle: 'Move to the cloud with a plan, and run it with confidence',
    icon: 'cloud',
  },
  {
    slug: 'wireless-mobility-solutions',
    name: 'Wireless/Mobility Solutions',
    subtitle: 'Reliable Wi-Fi and managed mobile devices wherever work happens',
    icon: 'wifi',
  },
  {
    slug: 'technical-support',
    name: 'Technical Support',
    subtitle: 'Senior engineers for the problems your team cannot solve alone',
    icon: 'life-buoy',
  },
  {
    slug: 'multi-location-rollouts',
    name: 'Multi-Location Rollouts',
    subtitle: 'Hundreds of sites upgraded on schedule, the same way every time',
    icon: 'map-pin',
  },
  {
    slug: 'it-project-consulting-design',
    name: 'IT Project Consulting/Design',
    subtitle: 'Architecture and planning that turn business goals into working systems',
    icon: 'compass',
  },
  {
    slug: 'cybersecurity',
    name: 'Cybersecurity',
    subtitle: 'Layered protection, round-the-clock monitoring and a plan for the worst day',
    icon: 'shield',
  },
] as const satisfies readonly ServiceSummary[];

export type ServiceSlug = (typeof serviceIndex)[number]['slug'];

/** The service names, for validating a quote request's service. */
export const serviceNames: readonly string[] = serviceIndex.map((s) => s.name);

/** Spec: the six core services on the home page, in its order. */
export const coreServiceSlugs = [
  'cybersecurity',
  'cloud-solutions',
  'technical-support',
  'on-site-field-services',
  'maintenance-repair',
  'help-desk-services',
] as const satisfies readonly ServiceSlug[];

/** Spec: the services linked from the footer. */
export const footerServiceSlugs = [
  'cybersecurity',
  'cloud-solutions',
  'help-desk-services',
  'on-site-field-services',
] as const satisfies readonly ServiceSlug[];

export function findServiceSummary(slug: string): ServiceSummary | undefined {
  return serviceIndex.find((s) => s.slug === slug);
}
