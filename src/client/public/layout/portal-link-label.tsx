/**
 * The header's way into the portal: the spec's 'Portal Login', or 'Go to portal' when the
 * page came with a session cookie (docs/decisions/049-public-pages-signed-in.md). Chosen by
 * CSS from the session hint, so it holds without JavaScript; both go to /api/login, which
 * sends a signed-in visitor on to their own area.
 */
export function PortalLinkLabel() {
  return (
    <>
      <span className="signed-in:hidden">Portal Login</span>
      <span className="hidden signed-in:inline">Go to portal</span>
    </>
  );
}
