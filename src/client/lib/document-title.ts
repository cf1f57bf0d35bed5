import { useEffect } from 'react';
import { company } from '../../shared/company.ts';

/**
 * Names the tab after the screen, as the public pages' titles do: "Invoices | Meridian IT
 * Services" (review V13). Undefined leaves the title to a screen further down.
 */
export function useDocumentTitle(screen: string | undefined): void {
  useEffect(() => {
    if (screen) document.title = `${screen} | ${company.name}`;
  }, [screen]);
}
