/**
 * A page of a list of the API (customers, a customer search, invoices) that changes only once the next
 * page has arrived: SPEC §4 — on a failed page change the screen keeps the previous data and shows the
 * notification. The page asked for is fetched first (through the cache), and only then shown.
 */
import { useCallback, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SuccessEnvelope } from '@app/contracts';
import { apiQuery } from './http/api-query';
import { answerScreen } from './answer-screen';

export type PageRequest = { page: number };

export function usePagedAnswer<T, Q extends PageRequest>(options: {
  urlOf: (request: Q) => string;
  initial: Q;
  /** A page change (or a search) failed; the previous page stays on screen. */
  onChangeFailed: (error: unknown) => void;
}) {
  const { urlOf, onChangeFailed } = options;
  const client = useQueryClient();
  const [shown, setShown] = useState<Q>(options.initial);
  const [pending, setPending] = useState<Q | null>(null);
  // Only the latest request decides what is shown: a slow page 2 must not replace a quick page 3.
  const latest = useRef(0);
  const query = useQuery(apiQuery<SuccessEnvelope<T>>(urlOf(shown)));

  const goTo = useCallback(
    async (request: Q) => {
      const ticket = ++latest.current;
      setPending(request);
      try {
        await client.fetchQuery(apiQuery<SuccessEnvelope<T>>(urlOf(request)));
        if (ticket === latest.current) setShown(request);
      } catch (error) {
        if (ticket === latest.current) onChangeFailed(error);
      } finally {
        if (ticket === latest.current) setPending(null);
      }
    },
    [client, urlOf, onChangeFailed],
  );

  return { shown, pending, screen: answerScreen<T>(query), error: query.error, goTo };
}
