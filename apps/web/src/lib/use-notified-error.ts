import { useEffect } from 'react';
import { notifyFailure } from './error-notice';

/** SPEC §8: a screen's failed load is notified (once; see notifyFailure), on top of its error state. */
export function useNotifiedError(error: unknown): void {
  useEffect(() => {
    if (error) notifyFailure(error);
  }, [error]);
}
