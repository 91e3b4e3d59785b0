import { useState, type FormEvent } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { ScreenStateView } from '../../../components/ScreenStateView';
import { customerSearchUrl, type CustomerSearchData } from '../business-api';
import { Breadcrumb } from '../components/Breadcrumb';
import { BusinessPage } from '../../../components/BusinessPage';
import { CustomersTable } from '../components/CustomersTable';
import { Pager } from '../components/Pager';
import { ReportDownload } from '../components/ReportDownload';
import { notifyFailure } from '../../../lib/error-notice';
import { usePagedAnswer } from '../../../lib/use-paged-answer';
import { useNotifiedError } from '../../../lib/use-notified-error';
import { mayDoBusinessAction } from '../../../lib/permissions';
import { CustomerImport } from './CustomerImport';

type SearchRequest = { name: string; page: number };

const urlOf = ({ name, page }: SearchRequest) => customerSearchUrl(name, page);

/**
 * /customers (SPEC §2.3, §4): search by name ('Search Customers' goes back to page 0), the customers
 * table with its pager, and the report export; the import of a CSV file for whom may create customers. A failed
 * search or page change keeps the list shown and is notified.
 */
export function CustomersPage() {
  const [name, setName] = useState('');
  const list = usePagedAnswer<CustomerSearchData, SearchRequest>({
    urlOf,
    initial: { name: '', page: 0 },
    onChangeFailed: notifyFailure,
  });
  useNotifiedError(list.error);
  const mayCreate =
    list.screen.state === 'LOADED' && mayDoBusinessAction(list.screen.data.user, 'importCustomers');

  const search = (event: FormEvent) => {
    event.preventDefault();
    void list.goTo({ name: name.trim(), page: 0 });
  };

  return (
    <BusinessPage title="Customers" before={<Breadcrumb items={[{ label: 'Customers' }]} />}>
      <Group justify="space-between" align="flex-end" mb="md" gap="sm">
        <form role="search" onSubmit={search} aria-label="Search customers by name">
          <Group align="flex-end" gap="sm">
            <TextInput
              label="Customer Name"
              name="name"
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              autoComplete="off"
              maxLength={200}
            />
            <Button type="submit">Search Customers</Button>
          </Group>
        </form>
        <Group align="flex-start" gap="sm">
          {mayCreate && <CustomerImport />}
          <ReportDownload onError={notifyFailure} />
        </Group>
      </Group>
      <ScreenStateView screen={list.screen} loadingLabel="Loading the customers">
        {({ page }) => (
          <>
            <CustomersTable
              customers={page.content}
              caption={
                list.shown.name
                  ? `Customers named like "${list.shown.name}", page ${page.number + 1} of ${Math.max(1, page.totalPages)}`
                  : `Customers, page ${page.number + 1} of ${Math.max(1, page.totalPages)}`
              }
              busy={list.pending !== null}
            />
            <Pager
              of="customers"
              page={list.shown.page}
              totalPages={page.totalPages}
              onPage={(next) => void list.goTo({ name: list.shown.name, page: next })}
            />
          </>
        )}
      </ScreenStateView>
    </BusinessPage>
  );
}
