import { Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import {
  cancelRefusal,
  formatMoney,
  invoiceMoney,
  paymentRefusal,
  refundRefusal,
  toCents,
  type InvoiceDetail,
  type User,
  formatMediumDate,
} from '@app/contracts';
import { useState } from 'react';
import { mayDoBusinessAction } from '../../../lib/permissions';
import { CancelInvoiceDialog } from './CancelInvoiceDialog';
import { InvoiceMoneyDialog, METHOD_LABELS, type MoneyKind } from './InvoiceMoneyDialog';

type Props = { invoice: InvoiceDetail; user: User };

const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Beside the printable invoice, for the business only (never printed): the balance, the payments and refunds,
 * the history of every change with who made it, and the actions the user's role is given and the invoice
 * allows now (packages/contracts/src/invoice-life.ts).
 */
export function InvoiceAccount({ invoice, user }: Props) {
  const [open, setOpen] = useState<MoneyKind | 'cancel' | null>(null);
  const close = () => setOpen(null);
  const money = invoiceMoney(invoice);
  // A cent stands for "any amount": what the invoice allows now, by the rules the server applies.
  const offers = {
    payment: mayDoBusinessAction(user, 'recordPayment') && paymentRefusal(money, 1) === undefined,
    refund: mayDoBusinessAction(user, 'refund') && refundRefusal(money, 1) === undefined,
    cancel: mayDoBusinessAction(user, 'cancel') && cancelRefusal(money) === undefined,
  };

  return (
    <Paper withBorder p="md" radius="md" mt="lg" component="section" aria-labelledby="invoice-account">
      <Group justify="space-between" align="flex-start" mb="sm">
        <div>
          <Title order={2} size="h3" id="invoice-account">
            Payments
          </Title>
          <Text>
            {invoice.status === 'CANCELED'
              ? `Cancelled: ${invoice.cancelReason ?? ''}`
              : `Balance due ${formatMoney(toCents(invoice.balanceDue))} of ${formatMoney(toCents(invoice.amountDue))}, due ${formatMediumDate(invoice.dueDate)}`}
          </Text>
        </div>
        <Group gap="sm">
          {offers.payment && <Button onClick={() => setOpen('payments')}>Record payment</Button>}
          {offers.refund && (
            <Button variant="default" onClick={() => setOpen('refunds')}>
              Refund
            </Button>
          )}
          {offers.cancel && (
            <Button variant="outline" color="red.9" onClick={() => setOpen('cancel')}>
              Cancel invoice
            </Button>
          )}
        </Group>
      </Group>

      {invoice.payments.length === 0 ? (
        <Text c="dimmed">No payment recorded yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table aria-label={`Payments of invoice ${invoice.invoiceNumber}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Date</Table.Th>
                <Table.Th scope="col">Amount</Table.Th>
                <Table.Th scope="col">Method</Table.Th>
                <Table.Th scope="col">Note</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoice.payments.map((payment) => (
                <Table.Tr key={payment.id}>
                  <Table.Td>{formatMediumDate(payment.date)}</Table.Td>
                  <Table.Td>
                    {payment.kind === 'REFUND'
                      ? `Refund ${formatMoney(-toCents(payment.amount))}`
                      : formatMoney(toCents(payment.amount))}
                  </Table.Td>
                  <Table.Td>{METHOD_LABELS[payment.method]}</Table.Td>
                  <Table.Td>{payment.note}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <Title order={2} size="h3" mt="lg" mb="xs">
        History
      </Title>
      <ol aria-label={`History of invoice ${invoice.invoiceNumber}`}>
        {invoice.history.map((event) => (
          <li key={event.id}>
            <Text span fw={600}>
              {DATE_TIME.format(new Date(event.at))}
            </Text>
            {` · ${event.actor?.name ?? 'System'} · ${event.description}`}
          </li>
        ))}
      </ol>

      {(open === 'payments' || open === 'refunds') && (
        <InvoiceMoneyDialog invoice={invoice} kind={open} onClose={close} />
      )}
      {open === 'cancel' && <CancelInvoiceDialog invoice={invoice} onClose={close} />}
    </Paper>
  );
}
