import { useEffect } from 'react';

/** "<page> - Fleetdesk" in the browser tab. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} - Fleetdesk` : 'Fleetdesk';
  }, [title]);
}
