import { Avatar, Button, Table } from '@mantine/core';
import { Link } from 'react-router';
import type { Customer } from '@app/contracts';
import { EmptyRow, ScrollTable } from '../../../components/ScrollTable';
import { StatusBadge } from '../../../components/StatusBadge';
import { PATHS } from '../../../lib/paths';

type Props = { customers: Customer[]; caption: string; busy?: boolean };

/** The customers table of /home and /customers (SPEC §2.3): ID, Photo, Name, Email, Phone, Status, Type, Action. */
export function CustomersTable({ customers, caption, busy }: Props) {
  return (
    <ScrollTable
      caption={caption}
      busy={busy}
      head={
        <Table.Tr>
          <Table.Th scope="col">ID</Table.Th>
          <Table.Th scope="col">Photo</Table.Th>
          <Table.Th scope="col">Name</Table.Th>
          <Table.Th scope="col">Email</Table.Th>
          <Table.Th scope="col">Phone</Table.Th>
          <Table.Th scope="col">Status</Table.Th>
          <Table.Th scope="col">Type</Table.Th>
          <Table.Th scope="col">Action</Table.Th>
        </Table.Tr>
      }
    >
      {customers.length === 0 ? (
        <EmptyRow columns={8}>No customers found.</EmptyRow>
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
