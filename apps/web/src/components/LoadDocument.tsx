import { useEffect } from 'react';

/**
 * Leaves the app for an address it does not draw (a learning page, which the server sends: decision 22), in
 * place of the current entry of the history, as a redirect would.
 */
export function LoadDocument({ address }: { address: string }) {
  useEffect(() => window.location.replace(address), [address]);
  return null;
}
