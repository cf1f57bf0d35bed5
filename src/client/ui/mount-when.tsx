import { Suspense, useState, type ReactNode } from 'react';

/**
 * Renders `children` from the first time `when` is true on (issue 42): a dialog made with
 * `lazy` loads its code when it is first opened, not with the screen, and stays mounted
 * afterwards, so it closes as before (its animation, focus back on what opened it).
 */
export function MountWhen({ when, children }: { when: boolean; children: ReactNode }) {
  const [seen, setSeen] = useState(when);
  // Set while rendering: React's pattern for state that follows a prop.
  if (when && !seen) setSeen(true);
  return seen ? <Suspense fallback={null}>{children}</Suspense> : null;
}
