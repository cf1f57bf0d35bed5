import { helpTokens } from '../../../shared/help-center.ts';

/**
 * The help center's template (issue 43, ADR 078): prerendered with the site's header and footer,
 * its content filled by the server for each request from the database (shared/help-center.ts).
 */
export default function HelpCenterPage() {
  return <div>{helpTokens.content}</div>;
}
