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
import { useAddressList } from '../../../lib/use-address-list';
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
 * (issue 24). The address holds the filters, the order and the page (useAddressList).
 */
export function InvoicesPage() {
  const list = useAddressList<InvoiceListData, InvoiceListRequest>({
    read: readInvoiceListRequest,
    paramsOf: invoiceListParams,
    urlOf: invoiceListUrl,
  });
  const { asked, show } = list;

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
