import { useEffect, useRef } from 'react';

/**
 * Runs `reset` each time a dialog opens. A modal's form instance outlives the modal (it belongs to the page), so
 * without this a dialog opened again shows what was typed the last time.
 */
export function useResetOnOpen(open: boolean, reset: () => void) {
  const latest = useRef(reset);
  latest.current = reset;
  useEffect(() => {
    if (open) latest.current();
  }, [open]);
}
