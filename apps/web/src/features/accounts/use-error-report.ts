/**
 * SPEC §8 for the account screens: a failed call shows its text as a notification and in a red,
 * dismissible banner on the form.
 */
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../lib/http/api-error';
import { notify } from '../../lib/notify';
import { errorText } from '../../lib/screen-state';

export function useErrorReport() {
  const [error, setError] = useState<string | null>(null);

  const show = useCallback((failure: unknown) => {
    const text = errorText(failure);
    setError(text);
    // An ended session was already announced once for every call that shared it.
    if (!(failure instanceof ApiError && failure.reported)) notify('error', text);
  }, []);
  const clear = useCallback(() => setError(null), []);

  return { error, show, clear };
}

const notifiedLoads = new WeakSet<object>();

/**
 * A screen's failed load, notified once on top of its error state (SPEC §8): a re-render or React's double
 * effects in development do not notify the same failure again.
 */
export function useNotifiedLoadError(failure: unknown): void {
  useEffect(() => {
    if (!failure) return;
    // Already announced by lib/http (an ended session), or by this hook.
    if (failure instanceof ApiError && failure.reported) return;
    if (typeof failure === 'object') {
      if (notifiedLoads.has(failure)) return;
      notifiedLoads.add(failure);
    }
    notify('error', errorText(failure));
  }, [failure]);
}
