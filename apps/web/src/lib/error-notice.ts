/**
 * SPEC §8, the one way a screen reports a failed call: its text is notified, and on a form or a section that
 * has a banner, shown there too (useFormError); a screen's failed load is notified on top of its error state
 * (useNotifiedError, use-notified-error.ts); the home screen shows its errors on the page only. A failure is
 * notified once, however many places hold it (a screen re-rendered, React's double effects in development, an
 * ended session that lib/http already announced).
 */
import { useCallback, useState } from 'react';
import { ApiError } from './http/api-error';
import { notify } from './notify';
import { errorText } from './screen-state';

const notified = new WeakSet<object>();

export function notifyFailure(failure: unknown): void {
  if (failure instanceof ApiError) {
    if (failure.reported) return;
    failure.reported = true;
  } else if (typeof failure === 'object' && failure !== null) {
    if (notified.has(failure)) return;
    notified.add(failure);
  }
  notify('error', errorText(failure));
}

/** A form's (or a section's) failed call: its text in the banner, and notified. */
export function useFormError() {
  const [error, setError] = useState<string | null>(null);
  const show = useCallback((failure: unknown) => {
    setError(errorText(failure));
    notifyFailure(failure);
  }, []);
  const clear = useCallback(() => setError(null), []);
  return { error, show, clear };
}
