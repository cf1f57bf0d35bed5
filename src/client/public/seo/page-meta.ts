import { company } from '../../../shared/company.ts';
import { helpTokens } from '../../../shared/help-center.ts';
import { paths } from '../../../shared/routes.ts';
import { serviceIndex } from '../../../shared/service-index.ts';

export type PageMeta = {
  title: string;
  description: string;
  /** Open Graph and Twitter tags with the default share image (spec: hardware procurement). */
  share?: boolean;
  /** The canonical path, when the server fills it per request (the help center). */
  canonicalPath?: string;
};

const titled = (page: string) => `${page} | ${company.name}`;

const pages: Record<string, PageMeta> = {
  [paths.home]: {
    title: `${company.name} | Business IT Services in Austin, Texas`,
    description:
      'Hardware procurement, cloud, cybersecurity, help desk and on-site field services for businesses across the US, with 24/7 support.',
  },
  [paths.services]: {
    title: titled('IT Services'),
    description:
      'Eleven managed IT services from one partner: procurement, staging, field services, repair, help desk, cloud, wireless, support, rollouts, consulting and security.',
  },
  [paths.about]: {
    title: titled('About Us'),
    description: `Founded in ${company.foundedYear} in Austin, ${company.name} supports 250+ business clients across 50+ locations with 24/7 IT support.`,
  },
  [paths.contact]: {
    title: titled('Contact Us'),
    description: `Call ${company.phone}, e-mail ${company.salesEmail} or send us a message. We reply within 24 hours; emergency support runs 24/7.`,
  },
  [paths.privacyPolicy]: {
    title: titled('Privacy Policy'),
    description: `How ${company.name} collects, uses, shares and protects personal information.`,
  },
  [paths.termsOfService]: {
    title: titled('Terms of Service'),
    description: `The terms that govern the use of the ${company.name} website, customer portal and services.`,
  },
  // Filled per request by the server (shared/help-center.ts, ADR 078).
  [paths.help]: {
    title: helpTokens.title,
    description: helpTokens.description,
    canonicalPath: helpTokens.path,
  },
  [paths.systemStatus]: {
    title: titled('System Status'),
    description: `Live status of ${company.name} customer portal and support systems. Coming soon.`,
  },
};

for (const s of serviceIndex) {
  pages[paths.service(s.slug)] = {
    title: titled(s.name),
    description: `${s.subtitle}. ${s.name} from ${company.name}, with a reply to every quote request within 24 hours.`,
    share: s.slug === 'hardware-procurement',
  };
}

export const notFoundMeta: PageMeta = {
  title: titled('Page Not Found'),
  description: 'The page you are looking for does not exist.',
};

/** Title and description of a public route; undefined for any other path. */
export function pageMeta(path: string): PageMeta | undefined {
  return pages[path];
}
