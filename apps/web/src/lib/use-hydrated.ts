import { useSyncExternalStore } from 'react';

const noChanges = () => () => {};

/**
 * False in a prerendered page's HTML and while the app takes it over, true after. A control that needs the
 * app (a choice that changes what is shown) is disabled until then, so that a choice made before the code
 * has arrived is not silently lost.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
