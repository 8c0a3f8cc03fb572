import { useRef, useState } from 'react';
import { notFoundOf } from '../api.ts';
import { NotFoundAlert } from './asset-nos.field.tsx';
import { SubmitFromAlert } from './submit-from-alert.tsx';

/**
 * The "unknown numbers" round trip of the new and import pages: the server refuses and lists them, and the
 * user may send the same form again without them ("skipNotFound" for that one submit).
 */
export function useUnknownAssetNos() {
  const [notFound, setNotFound] = useState<string[] | null>(null);
  const skip = useRef(false);
  const skipped = useRef<string[]>([]);

  /** Sends through `request`, remembering what the server skipped or the numbers it did not know. */
  const send = async (request: (skipNotFound: boolean) => Promise<{ notFound: string[] }>) => {
    const skipNotFound = skip.current;
    skip.current = false;
    try {
      const result = await request(skipNotFound);
      skipped.current = result.notFound;
      setNotFound(null);
    } catch (error) {
      const unknown = notFoundOf(error);
      if (unknown) setNotFound(unknown);
      throw error;
    }
  };

  /** The alert listing the unknown numbers, with the button that sends again without them. */
  const alert = (actionText: string) =>
    notFound && (
      <SubmitFromAlert
        render={(submit) => (
          <NotFoundAlert
            notFound={notFound}
            actionText={actionText}
            onSkip={() => {
              skip.current = true;
              submit();
            }}
          />
        )}
      />
    );

  return { send, skippedCount: () => skipped.current.length, alert };
}
