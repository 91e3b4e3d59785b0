import { Avatar, Button, Table } from '@mantine/core';
import { Link } from 'react-router';
import { formatMediumDate, formatMoney, toCents, type Customer, type CustomerSort } from '@app/contracts';
import { EmptyRow, ScrollTable } from '../../../components/ScrollTable';
import { StatusBadge } from '../../../components/StatusBadge';
import { PATHS } from '../../../lib/paths';
import { SortableHeader, type Sorting } from './SortableHeader';

type Props = {
  customers: Customer[];
  caption: string;
  busy?: boolean;
  sorting?: Sorting<CustomerSort>;
  empty?: string;
};

/**
 * The customers table of /home and /customers (SPEC §2.3): ID, Photo, Name, Email, Phone, Status, Type, Action. On
 * /customers, where the headers sort the list (issue 24), each customer's creation date and total billed too.
 */
export function CustomersTable({ customers, caption, busy, sorting, empty = 'No customers found.' }: Props) {
  return (
    <ScrollTable
      caption={caption}
      busy={busy}
      head={
        <Table.Tr>
          <Table.Th scope="col">ID</Table.Th>
          <Table.Th scope="col">Photo</Table.Th>
          <SortableHeader label="Name" sort="name" sorting={sorting} />
          <Table.Th scope="col">Email</Table.Th>
          <Table.Th scope="col">Phone</Table.Th>
          <Table.Th scope="col">Status</Table.Th>
          <Table.Th scope="col">Type</Table.Th>
          {sorting && (
            <>
              <SortableHeader label="Created" sort="created" sorting={sorting} />
              <SortableHeader label="Total Billed" sort="totalBilled" sorting={sorting} right />
            </>
          )}
          <Table.Th scope="col">Action</Table.Th>
        </Table.Tr>
      }
    >
      {customers.length === 0 ? (
        <EmptyRow columns={sorting ? 10 : 8}>{empty}</EmptyRow>
      ) : (
        customers.map((customer) => (
          <Table.Tr key={customer.id}>
            <Table.Td>{customer.id}</Table.Td>
            <Table.Td>
              {/* Decorative: the name is in the next column. */}
              <Avatar src={customer.imageUrl} alt="" size={40} radius="xl" />
            </Table.Td>
            <Table.Td>{customer.name}</Table.Td>
            <Table.Td>{customer.email}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{customer.phone}</Table.Td>
            <Table.Td>
              <StatusBadge kind="customer" status={customer.status} />
            </Table.Td>
            <Table.Td>{customer.type}</Table.Td>
            {sorting && (
              <>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMediumDate(customer.createdAt)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap', textAlign: 'right' }}>
                  {formatMoney(toCents(customer.totalBilled))}
                </Table.Td>
              </>
            )}
            <Table.Td>
              <Button
                component={Link}
                to={PATHS.customer(customer.id)}
                size="xs"
                variant="outline"
                aria-label={`View ${customer.name}`}
              >
                View
              </Button>
            </Table.Td>
          </Table.Tr>
        ))
      )}
    </ScrollTable>
  );
}
