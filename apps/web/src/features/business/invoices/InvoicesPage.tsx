import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Text } from '@mantine/core';
import {
  DEFAULT_SORT_ORDER,
  FILTERED_DEFAULT_SORT,
  FILTERED_LIST_CAP,
  type InvoiceSort,
} from '@app/contracts';
import { ScreenStateView } from '../../../components/ScreenStateView';
import { type InvoiceListData } from '../business-api';
import { BusinessPage } from '../../../components/BusinessPage';
import { InvoicesTable } from '../components/InvoicesTable';
import { Pager } from '../components/Pager';
import { notifyFailure } from '../../../lib/error-notice';
import { usePagedAnswer } from '../../../lib/use-paged-answer';
import { useNotifiedError } from '../../../lib/use-notified-error';
import { mayDoBusinessAction } from '../../../lib/permissions';
import { InvoiceExport } from './InvoiceExport';
import { InvoiceFiltersForm } from './InvoiceFiltersForm';
import {
  hasFilters,
  invoiceListParams,
  invoiceListUrl,
  readInvoiceListRequest,
  type InvoiceFilters,
  type InvoiceListRequest,
} from './invoice-list-request';

const CAP = FILTERED_LIST_CAP.toLocaleString('en-US');

/**
 * /invoices (SPEC §2.3, §4): a page of invoices, newest first, with the pager and Print buttons; filtered by
 * status, customer, dates and totals, sorted by a column's header, and exported as CSV or Excel by whom may
 * (issue 24). The address holds the filters,
 * the order and the page: the list follows it (Back, a bookmark), and every change is made by changing it. A
 * page that fails to come keeps the list shown and notifies it (SPEC §4), and the address goes back to it.
 */
export function InvoicesPage() {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  // One object per address, so that the filters' form sees a change only when the address changes.
  const asked = useMemo(() => readInvoiceListRequest(new URLSearchParams(search)), [search]);
  const show = useCallback(
    (request: InvoiceListRequest) => setParams(invoiceListParams(request)),
    [setParams],
  );
  const shownRef = useRef(asked);
  const onChangeFailed = useCallback(
    (error: unknown) => {
      notifyFailure(error);
      show(shownRef.current);
    },
    [show],
  );
  const list = usePagedAnswer<InvoiceListData, InvoiceListRequest>({
    urlOf: invoiceListUrl,
    initial: asked,
    onChangeFailed,
  });
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
    const changed = invoiceListUrl(asked) !== invoiceListUrl(shownRef.current);
    if (changed || pendingRef.current !== null) void goTo(asked);
  }, [asked, goTo]);

  const shown = list.shown;
  // The order the server used: SPEC's creation order for the whole list (no header's), else the asked or default one.
  const sorted = shown.sort ?? (hasFilters(shown.filters) ? FILTERED_DEFAULT_SORT : undefined);
  const order = shown.order ?? (sorted ? DEFAULT_SORT_ORDER[sorted] : 'desc');
  const sortBy = (sort: InvoiceSort) =>
    show({
      ...shown,
      page: 0,
      sort,
      // The same column again turns its order round; another starts in its own (DEFAULT_SORT_ORDER).
      order: sorted === sort ? (order === 'asc' ? 'desc' : 'asc') : undefined,
    });
  const filter = (filters: InvoiceFilters) => show({ ...shown, page: 0, filters });

  return (
    <BusinessPage title="Invoices">
      <InvoiceFiltersForm filters={asked.filters} onApply={filter} disabled={list.pending !== null} />
      <ScreenStateView screen={list.screen} loadingLabel="Loading the invoices">
        {({ page, user }) => (
          <>
            {mayDoBusinessAction(user, 'exportInvoices') && <InvoiceExport filters={shown.filters} />}
            {page.capped && (
              <Text size="sm" mb="sm" role="status">
                {`More than ${CAP} invoices match: the first ${CAP} are shown. Narrow the filters to see the others.`}
              </Text>
            )}
            <InvoicesTable
              withCustomers
              invoices={page.content}
              caption={`Invoices, page ${page.number + 1} of ${Math.max(1, page.totalPages)}`}
              busy={list.pending !== null}
              sorting={{ sort: sorted, order, onSort: sortBy }}
              empty={hasFilters(shown.filters) ? 'No invoice matches these filters.' : 'No invoices yet.'}
            />
            <Pager
              of="invoices"
              page={shown.page}
              totalPages={page.totalPages}
              onPage={(next) => show({ ...shown, page: next })}
            />
          </>
        )}
      </ScreenStateView>
    </BusinessPage>
  );
}
