/**
 * The service catalogue: each service's description, 4 benefits and 8 features, for the
 * services grid and the service pages, on top of its slug, name, subtitle and icon
 * (service-index.ts, which every other page reads instead).
 */
import { serviceIndex, type ServiceSlug, type ServiceSummary } from './service-index.ts';

export type Service = ServiceSummary & {
  description: string;
  benefits: readonly [string, string, string, string];
  features: readonly [string, string, string, string, string, string, string, string];
};

const content: Record<ServiceSlug, Omit<Service, keyof ServiceSummary>> = {
  'hardware-procurement': {
    description:
      'We source laptops, desktops, servers, networking gear and peripherals from more than 40 authorized distributors, compare pricing on every order and manage delivery to each of your locations. Our procurement team standardizes your hardware catalogue so every new hire gets the same tested configuration, and we track warranties and lease terms so nothing expires unnoticed.',
    benefits: [
      'Lower total cost through multi-distributor price comparison on every order',
      'A standard, tested device catalogue that shortens onboarding',
      'One purchase order and one invoice for every brand you buy',
      'Warranty and lease end dates tracked and flagged 90 days ahead',
    ],
    features: [
      'Vendor-neutral sourcing from Dell, HP, Lenovo, Cisco, Apple and more',
      'Custom hardware catalogue with approved configurations',
      'Volume and contract pricing negotiated on your behalf',
      'Asset tagging and serial number registration at receipt',
      'Drop shipping to offices, branches and remote employees',
      'Warranty registration and renewal tracking',
      'Lease, financing and device-as-a-service options',
      'Certified recycling and data destruction for retired devices',
    ],
  },
  'staging-integration': {
    description:
      'Our Austin integration center unboxes, images, configures and burn-in tests your equipment before it ships. Laptops arrive enrolled in your device management, network gear arrives with its configuration loaded, and racks arrive cabled and labelled, so installation on site takes minutes instead of days.',
    benefits: [
      'Go-live on site in hours, not days, because devices arrive ready',
      'Fewer failures in the field thanks to 24-hour burn-in testing',
      'Identical configuration on every device from a versioned image',
      'Less packaging and setup work for your local staff',
    ],
    features: [
      'Golden image creation and maintenance for Windows and macOS',
      'Autopilot, Intune and Jamf enrollment before shipment',
      'Network switch, router and firewall pre-configuration',
      'Rack and stack with cabling, labelling and documentation',
      '24-hour burn-in and diagnostics on every unit',
      'BIOS, firmware and driver updates to approved versions',
      'Kitting with peripherals, cables and user instructions',
      'Secure storage and staged release for phased rollouts',
    ],
  },
  'on-site-field-services': {
    description:
      'When a problem needs hands on the hardware, we send a background-checked, certified technician to your site. Our field network covers all 50 states with next-business-day and four-hour response options, and every visit is documented with photos, parts used and sign-off in your ticket.',
    benefits: [
      'Nationwide coverage without hiring local IT staff in every city',
      'Guaranteed response times written into your service agreement',
      'Full visit documentation attached to the ticket for audit and billing',
      'One point of contact for every site, whatever the task',
    ],
    features: [
      'Next-business-day and 4-hour on-site response options',
      'Background-checked, vendor-certified technicians',
      'Installs, moves, adds and changes (IMAC)',
      'Structured cabling and network drops',
      'Point-of-sale, printer and peripheral service',
      'Smart-hands support for data centers and closets',
      'Photo documentation and customer sign-off on every visit',
      'Parts logistics with local depot stocking',
    ],
  },
  'maintenance-repair': {
    description:
      'Preventive maintenance catches failing drives, fans and batteries before they cause downtime, and our repair service handles what breaks anyway. We repair in warranty and out of warranty, keep spare pools for critical devices and swap units on site so your people keep working while we fix the original.',
    benefits: [
      'Less unplanned downtime through scheduled preventive maintenance',
      'Longer device life and a lower replacement budget',
      'Advance exchange so users are never left without a device',
      'Clear repair status and cost before any work is approved',
    ],
    features: [
      'Scheduled preventive maintenance visits',
      'In-warranty claims handled with the manufacturer for you',
      'Out-of-warranty component-level repair',
      'Advance exchange and spare pool management',
      'Battery, fan and storage health monitoring',
      'Server and storage hardware support',
      'Repair depot with tracked shipping both ways',
      'Quarterly reports on failure rates and device health',
    ],
  },
  'help-desk-services': {
    description:
      'Our US-based help desk answers your employees by phone, e-mail, chat and portal. Analysts follow your runbooks, resolve most issues on the first contact and escalate the rest with full notes, and you see every ticket, response time and satisfaction score in your portal.',
    benefits: [
      'Most issues resolved on the first contact',
      'Round-the-clock coverage without night shifts on your payroll',
      'Consistent answers from analysts trained on your environment',
      'Transparent metrics on volume, response and satisfaction',
    ],
    features: [
      '24/7 US-based help desk by phone, e-mail and chat',
      'Password resets and account unlocks in minutes',
      'Microsoft 365 and Google Workspace support',
      'Custom runbooks for your applications',
      'Ticket tracking in the customer portal',
      'Tiered escalation to engineers and field technicians',
      'VIP support for executives',
      'Monthly service reports with satisfaction scores',
    ],
  },
  'cloud-solutions': {
    description:
      'We assess your workloads, design the right landing zone in Microsoft Azure, AWS or Google Cloud, and migrate with a tested cut-over plan. After go-live we manage cost, security and backups, so the cloud stays cheaper and safer than the server room it replaced.',
    benefits: [
      'Migrations planned and rehearsed so cut-over happens without surprises',
      'Monthly cloud spend reviewed and right-sized',
      'Backups and disaster recovery tested, not just configured',
      'Security baselines applied from the first day',
    ],
    features: [
      'Cloud readiness assessment and migration roadmap',
      'Azure, AWS and Google Cloud landing zones',
      'Microsoft 365 tenant setup and migration',
      'Server and application migration with rollback plans',
      'Backup and disaster recovery as a service',
      'Cost monitoring and right-sizing reports',
      'Identity, single sign-on and conditional access',
      '24/7 monitoring of cloud workloads',
    ],
  },
  'wireless-mobility-solutions': {
    description:
      'We survey your buildings, design wireless networks for the way the space is really used and install them to specification. For phones and tablets we handle carrier plans, device enrollment, security policies and replacement, so your mobile workforce stays connected and protected.',
    benefits: [
      'Wi-Fi coverage and capacity designed from a real site survey',
      'Every company phone and tablet managed and secured centrally',
      'Lower carrier costs through pooled plans and usage reviews',
      'Fast replacement of lost or broken devices',
    ],
    features: [
      'Predictive and on-site wireless surveys',
      'Enterprise Wi-Fi design and installation',
      'Guest and IoT network segmentation',
      'Mobile device management with Intune or Jamf',
      'Carrier plan management and cost optimization',
      'Rugged device deployment for warehouse and field teams',
      'Lost and stolen device lock and wipe',
      'Coverage validation after installation',
    ],
  },
  'technical-support': {
    description:
      'Our engineers take over the escalations: servers that will not boot, networks that drop packets, applications that slow down for no clear reason. We diagnose remotely within minutes, work with your vendors on your behalf and document the fix so it stays fixed.',
    benefits: [
      'Direct access to senior engineers without a long queue',
      'Problems solved at the root cause, with a written explanation',
      'Vendor escalations handled for you, from first call to closure',
      'Predictable cost with a monthly block of hours',
    ],
    features: [
      'Remote diagnostics within 15 minutes for critical issues',
      'Windows Server, Linux and virtualization support',
      'Network troubleshooting for switching, routing and VPN',
      'Vendor management and warranty escalation',
      'Root-cause analysis reports',
      'Patch management and update testing',
      'Performance tuning for servers and applications',
      'Knowledge base of your environment kept up to date',
    ],
  },
  'multi-location-rollouts': {
    description:
      'Refreshing every store, branch or clinic is a logistics project as much as a technical one. We plan waves, ship staged kits, dispatch technicians and verify each site against a checklist, with daily progress reporting so you always know which locations are done.',
    benefits: [
      'A single project plan and schedule for every location',
      'The same result at site 300 as at site 1',
      'Minimal disruption through after-hours and weekend installs',
      'Daily progress reports with site-by-site status',
    ],
    features: [
      'Rollout planning in waves with pilot sites',
      'Site surveys and readiness checks before install day',
      'Staged, labelled kits shipped to each location',
      'Coordinated technician dispatch across regions',
      'Standard install checklists and photo verification',
      'After-hours and weekend installation windows',
      'Removal and disposal of legacy equipment',
      'Project dashboard with daily completion reporting',
    ],
  },
  'it-project-consulting-design': {
    description:
      'Before you spend on technology, our consultants map your requirements, review the options and design a solution that fits your budget and growth. We produce clear architecture documents, bills of materials and project plans, and we can stay on to manage delivery.',
    benefits: [
      'Technology decisions backed by a clear business case',
      'Designs that scale with your growth instead of blocking it',
      'Accurate budgets from detailed bills of materials',
      'Independent advice: we recommend what fits, not what we stock',
    ],
    features: [
      'IT strategy and roadmap workshops',
      'Current-state assessment and gap analysis',
      'Network, server and cloud architecture design',
      'Office moves and new site technology planning',
      'Bill of materials and budget estimates',
      'Vendor selection and RFP support',
      'Project management through delivery',
      'Documentation and handover to your team',
    ],
  },
  cybersecurity: {
    description:
      'Attackers target mid-sized businesses because their defenses are thin. We close the gaps with endpoint protection, e-mail security, multi-factor authentication and a 24/7 security operations center, and we prepare your team with training and an incident response plan that has been rehearsed.',
    benefits: [
      'Threats detected and contained around the clock',
      'Fewer successful phishing attacks through training and filtering',
      'Evidence ready for insurers, auditors and customers',
      'A tested incident response plan for when something gets through',
    ],
    features: [
      'Managed endpoint detection and response (EDR)',
      '24/7 security operations center monitoring',
      'E-mail filtering and phishing protection',
      'Multi-factor authentication rollout',
      'Vulnerability scanning and patch reporting',
      'Security awareness training and phishing simulations',
      'Firewall management and network segmentation',
      'Incident response planning and tabletop exercises',
    ],
  },
};

export const services: readonly Service[] = serviceIndex.map((s) => ({ ...s, ...content[s.slug] }));

export function findService(slug: string): Service | undefined {
  return services.find((s) => s.slug === slug);
}
