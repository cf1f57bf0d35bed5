import { paths } from '../../../shared/routes.ts';

/** Spec section 2: the four top navigation links. */
export const navLinks = [
  { href: paths.home, label: 'Home' },
  { href: paths.about, label: 'About' },
  { href: paths.services, label: 'Services' },
  { href: paths.contact, label: 'Contact' },
] as const;

/** Home matches only itself; other links also match their sub-pages (a service under Services). */
export function isActiveLink(href: string, location: string): boolean {
  if (href === paths.home) return location === href;
  return location === href || location.startsWith(`${href}/`);
}
