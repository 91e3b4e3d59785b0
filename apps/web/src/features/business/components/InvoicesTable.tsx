import { formatMediumDate } from '@app/contracts';
import { Anchor, Button, Table } from '@mantine/core';
import { Link } from 'react-router';
import type { Invoice, InvoiceSort, InvoiceWithCustomer } from '@app/contracts';
import { parseInvoiceServices } from '../invoice-services';
import { formatMoney, toCents } from '@app/contracts';
import { EmptyRow, ScrollTable } from '../../../components/ScrollTable';
import { StatusBadge } from '../../../components/StatusBadge';
import { PATHS } from '../../../lib/paths';
import { SortableHeader, type Sorting } from './SortableHeader';

/** The services of a row in a few words: their descriptions, or the text as written if it cannot be read. */
function servicesSummary(services: string): string {
  const { rows, problems } = parseInvoiceServices(services);
  return problems.length === 0 && rows.length > 0 ? rows.map((row) => row.description).join(', ') : services;
}

type Props = { caption: string; busy?: boolean; sorting?: Sorting<InvoiceSort>; empty?: string } & (
  { invoices: InvoiceWithCustomer[]; withCustomers: true } | { invoices: Invoice[]; withCustomers?: false }
);

/** An invoice's amount for a reader, such as "$1,075.50". */
const money = (amount: number) => formatMoney(toCents(amount));

/**
 * The invoices table of /invoices and of a customer's page (SPEC §2.3): Invoice Number, Service, Status,
 * Date (medium date), Total ($) and a Print button to the printable invoice; each invoice's balance due beside
 * its total (issue 24), and on /invoices, which lists every customer's, its customer; there the headers sort
 * the list (aria-sort says how it is sorted).
 */
export function InvoicesTable({
  invoices,
  caption,
  busy,
  sorting,
  empty = 'No invoices yet.',
  withCustomers = false,
}: Props) {
  const columns = withCustomers ? 8 : 7;
  return (
    <ScrollTable
      caption={caption}
      busy={busy}
      head={
        <Table.Tr>
          <SortableHeader label="Invoice Number" sort="number" sorting={sorting} />
          {withCustomers && <SortableHeader label="Customer" sort="customer" sorting={sorting} />}
          <SortableHeader label="Service" />
          <SortableHeader label="Status" sort="status" sorting={sorting} />
          <SortableHeader label="Date" sort="date" sorting={sorting} />
          <SortableHeader label="Total" sort="total" sorting={sorting} right />
          <SortableHeader label="Balance Due" sort="balanceDue" sorting={sorting} right />
          <SortableHeader label="Print" />
        </Table.Tr>
      }
    >
      {invoices.length === 0 ? (
        <EmptyRow columns={columns}>{empty}</EmptyRow>
      ) : (
        invoices.map((invoice) => (
          <Table.Tr key={invoice.id}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{invoice.invoiceNumber}</Table.Td>
            {'customer' in invoice && (
              <Table.Td>
                <Anchor component={Link} to={PATHS.customer(invoice.customer.id)}>
                  {invoice.customer.name}
                </Anchor>
              </Table.Td>
            )}
            <Table.Td>{servicesSummary(invoice.services)}</Table.Td>
            <Table.Td>
              <StatusBadge kind="invoice" status={invoice.status} />
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMediumDate(invoice.date)}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap', textAlign: 'right' }}>{money(invoice.total)}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap', textAlign: 'right' }}>
              {money(invoice.balanceDue)}
            </Table.Td>
            <Table.Td>
              <Button
                component={Link}
                to={PATHS.invoice(invoice)}
                size="xs"
                variant="outline"
                aria-label={`Print invoice ${invoice.invoiceNumber}`}
              >
                Print
              </Button>
            </Table.Td>
          </Table.Tr>
        ))
      )}
    </ScrollTable>
  );
}
