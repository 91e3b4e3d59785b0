/**
 * SPEC §8 for the business screens: every failed call shows its text as a notification (and, on forms,
 * in a red dismissible banner); the home screen shows its errors on the page only. A failure is notified
 * once, however many places hold it (a screen re-rendered, React's double effects in development, an
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

/** A form's failed call: its text in the banner, and notified. */
export function useFormError() {
  const [error, setError] = useState<string | null>(null);
  const show = useCallback((failure: unknown) => {
    setError(errorText(failure));
    notifyFailure(failure);
  }, []);
  const clear = useCallback(() => setError(null), []);
  return { error, show, clear };
}
