/**
 * A list whose filters, order and page live in the address (/invoices?status=PAID&sort=total…, /customers?type=…),
 * so that it can be bookmarked, shared, and come back with the browser's Back: the list follows the address, and
 * every change is made by changing it. A page that fails to come keeps the list shown (usePagedAnswer, SPEC §4), is
 * notified, and the address goes back to what is shown.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { notifyFailure } from './error-notice';
import { usePagedAnswer, type PageRequest } from './use-paged-answer';
import { useNotifiedError } from './use-notified-error';

type AddressList<R> = {
  /** The request an address holds; what cannot be read is left out rather than refused. */
  read: (params: URLSearchParams) => R;
  /** The address of a request: only what is set. */
  paramsOf: (request: R) => URLSearchParams;
  /** The API call of a request. */
  urlOf: (request: R) => string;
};

export function useAddressList<T, R extends PageRequest>({ read, paramsOf, urlOf }: AddressList<R>) {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  // One object per address, so that a filters' form sees a change only when the address changes.
  const asked = useMemo(() => read(new URLSearchParams(search)), [read, search]);
  const show = useCallback((request: R) => setParams(paramsOf(request)), [setParams, paramsOf]);
  const shownRef = useRef(asked);
  const onChangeFailed = useCallback(
    (error: unknown) => {
      notifyFailure(error);
      show(shownRef.current);
    },
    [show],
  );
  const list = usePagedAnswer<T, R>({ urlOf, initial: asked, onChangeFailed });
  useNotifiedError(list.error);
  const pendingRef = useRef(list.pending);
  // Kept for the callbacks and the effect below, which run after this render (declared first, so run first).
  useEffect(() => {
    shownRef.current = list.shown;
    pendingRef.current = list.pending;
  });

  // The list follows the address: a new one is fetched, and shown once it has come.
  const { goTo } = list;
  useEffect(() => {
    const changed = urlOf(asked) !== urlOf(shownRef.current);
    if (changed || pendingRef.current !== null) void goTo(asked);
  }, [asked, goTo, urlOf]);

  return { ...list, asked, show };
}
