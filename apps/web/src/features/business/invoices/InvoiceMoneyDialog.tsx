import { Button, Group, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { BusinessDialog } from '../../../components/BusinessDialog';
import {
  fixedAmount,
  PAYMENT_METHODS,
  RecordPaymentSchema,
  toCents,
  type InvoiceDetail,
  type PaymentMethod,
} from '@app/contracts';
import { ErrorBanner } from '../../../components/FormBanners';
import { localIsoDate } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { useForm } from '../../../lib/use-form';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { recordInvoiceMoney } from '../business-api';

export type MoneyKind = 'payments' | 'refunds';

export const METHOD_LABELS: Record<PaymentMethod, string> = {
  BANK_TRANSFER: 'Bank transfer',
  CARD: 'Card',
  CASH: 'Cash',
  CHEQUE: 'Cheque',
  OTHER: 'Other',
};

type Props = { invoice: InvoiceDetail; kind: MoneyKind; onClose: () => void };

/**
 * Records a payment received for the invoice (the balance due offered), or a refund of money received (all of
 * it offered): date, amount, method and a note. The server checks the amount against what the invoice is when
 * the call arrives; its refusal shows in the dialog's banner.
 */
export function InvoiceMoneyDialog({ invoice, kind, onClose }: Props) {
  const payment = kind === 'payments';
  const offered = toCents(payment ? invoice.balanceDue : invoice.amountPaid);
  const form = useForm(RecordPaymentSchema, {
    date: localIsoDate(),
    amount: fixedAmount(offered),
    method: 'BANK_TRANSFER',
    note: '',
  });
  const { submit, busy, report } = useFormSubmit(form.valid, async () => {
    if (!form.data) return;
    const answer = await recordInvoiceMoney(invoice.id, kind, form.data);
    notify('success', answer.message);
    onClose();
  });
  const title = payment ? 'Record a payment' : 'Refund money received';

  return (
    <BusinessDialog title={title} onClose={onClose}>
      <ErrorBanner error={report.error} onClose={report.clear} />
      <form noValidate onSubmit={submit} aria-busy={busy} aria-label={title}>
        <Stack gap="sm">
          <TextInput {...form.field('date')} label="Date" type="date" required disabled={busy} />
          <TextInput
            {...form.field('amount')}
            label="Amount"
            description={
              payment ? `Balance due: ${fixedAmount(offered)}` : `Received so far: ${fixedAmount(offered)}`
            }
            leftSection={<span aria-hidden="true">$</span>}
            inputMode="decimal"
            autoComplete="off"
            required
            disabled={busy}
            data-autofocus
          />
          <NativeSelect
            {...form.field('method')}
            label="Method"
            data={PAYMENT_METHODS.map((method) => ({ value: method, label: METHOD_LABELS[method] }))}
            required
            disabled={busy}
          />
          <Textarea {...form.field('note')} label="Note" autosize minRows={2} disabled={busy} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy || !form.valid}>
              {payment ? 'Record payment' : 'Record refund'}
            </Button>
          </Group>
        </Stack>
      </form>
    </BusinessDialog>
  );
}
