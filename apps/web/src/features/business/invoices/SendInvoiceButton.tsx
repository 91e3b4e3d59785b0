import { useState } from 'react';
import { Button } from '@mantine/core';
import type { InvoiceData } from '@app/contracts';
import { useConfirmation } from '../../../components/use-confirmation';
import { notifyFailure } from '../../../lib/error-notice';
import { notify } from '../../../lib/notify';
import { mayDoBusinessAction } from '../../../lib/permissions';
import { sendInvoice } from '../business-api';

/**
 * 'Send by e-mail' (decision 24): the customer receives the invoice as a PDF made on the server; its history
 * keeps the sending. Asked first, as an e-mail to a customer cannot be taken back; offered to the roles that may
 * change customers, and never for a cancelled invoice, on which nothing is owed.
 */
export function SendInvoiceButton({
  invoice,
  customer,
  user,
}: Pick<InvoiceData, 'invoice' | 'customer' | 'user'>) {
  const { ask, dialog } = useConfirmation();
  const [sending, setSending] = useState(false);
  if (!mayDoBusinessAction(user, 'send') || invoice.status === 'CANCELED') return null;

  const send = async () => {
    const confirmed = await ask({
      title: `Send invoice ${invoice.invoiceNumber}?`,
      message: `${customer.name} receives the invoice as a PDF at ${customer.email}.`,
      confirmLabel: 'Send',
    });
    if (!confirmed) return;
    setSending(true);
    try {
      notify('success', (await sendInvoice(invoice.id)).message);
    } catch (failure) {
      notifyFailure(failure);
    } finally {
      setSending(false);
    }
  };
  return (
    <>
      <Button variant="default" onClick={() => void send()} loading={sending}>
        Send by e-mail
      </Button>
      {dialog}
    </>
  );
}
