import { Group, Text } from '@mantine/core';
import { customerOrderOf, FILTERED_LIST_CAP, type CustomerSort } from '@app/contracts';
import { ScreenStateView } from '../../../components/ScreenStateView';
import { type CustomerSearchData } from '../business-api';
import { Breadcrumb } from '../components/Breadcrumb';
import { BusinessPage } from '../../../components/BusinessPage';
import { CustomersTable } from '../components/CustomersTable';
import { Pager } from '../components/Pager';
import { ReportDownload } from '../components/ReportDownload';
import { notifyFailure } from '../../../lib/error-notice';
import { useAddressList } from '../../../lib/use-address-list';
import { mayDoBusinessAction } from '../../../lib/permissions';
import { CustomerFiltersForm } from './CustomerFiltersForm';
import { CustomerImport } from './CustomerImport';
import {
  customerListParams,
  customerListUrl,
  narrowsByStatusOrType,
  readCustomerListRequest,
  type CustomerFilters,
  type CustomerListRequest,
} from './customer-list-request';

const CAP = FILTERED_LIST_CAP.toLocaleString('en-US');

/**
 * /customers (SPEC §2.3, §4): search by name, and by status and type ('Search Customers' goes back to page 0), the
 * customers table sorted by a column's header (name, created, total billed) with its pager, and the report export;
 * the import of a CSV file for whom may create customers. The address holds the search, the order and the page
 * (useAddressList): a failed search or page change keeps the list shown and is notified.
 */
export function CustomersPage() {
  const list = useAddressList<CustomerSearchData, CustomerListRequest>({
    read: readCustomerListRequest,
    paramsOf: customerListParams,
    urlOf: customerListUrl,
  });
  const { shown, show } = list;
  const mayCreate =
    list.screen.state === 'LOADED' && mayDoBusinessAction(list.screen.data.user, 'importCustomers');
  const { sort, order } = customerOrderOf(shown);
  const sortBy = (column: CustomerSort) =>
    show({
      ...shown,
      page: 0,
      sort: column,
      // The same column again turns its order round; another starts in its own (DEFAULT_CUSTOMER_SORT_ORDER).
      order: sort === column ? (order === 'asc' ? 'desc' : 'asc') : undefined,
    });
  const search = (filters: CustomerFilters) => show({ ...shown, page: 0, filters });
  const { name } = shown.filters;
  const narrowed = name !== '' || narrowsByStatusOrType(shown.filters);

  return (
    <BusinessPage title="Customers" before={<Breadcrumb items={[{ label: 'Customers' }]} />}>
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <CustomerFiltersForm filters={list.asked.filters} onApply={search} disabled={list.pending !== null} />
        <Group align="flex-start" gap="sm">
          {mayCreate && <CustomerImport />}
          <ReportDownload onError={notifyFailure} />
        </Group>
      </Group>
      <ScreenStateView screen={list.screen} loadingLabel="Loading the customers">
        {({ page }) => (
          <>
            {page.capped && (
              <Text size="sm" mb="sm" role="status">
                {`More than ${CAP} customers match: the first ${CAP} are shown. Narrow the search to see the others.`}
              </Text>
            )}
            <CustomersTable
              customers={page.content}
              caption={`${name ? `Customers named like "${name}"` : 'Customers'}, page ${page.number + 1} of ${Math.max(1, page.totalPages)}`}
              busy={list.pending !== null}
              sorting={{ sort, order, onSort: sortBy }}
              empty={narrowed ? 'No customer matches this search.' : undefined}
            />
            <Pager
              of="customers"
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
