import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { BusinessDialog } from '../../../components/BusinessDialog';
import { CancelInvoiceSchema, type InvoiceDetail } from '@app/contracts';
import { ErrorBanner } from '../../../components/FormBanners';
import { notify } from '../../../lib/notify';
import { useForm } from '../../../lib/use-form';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { cancelInvoice } from '../business-api';

type Props = { invoice: InvoiceDetail; onClose: () => void };

/**
 * Cancels the invoice with a reason, which its history keeps. It cannot be taken back; the invoice keeps its
 * number, so the numbers stay without gaps. "Keep the invoice" has the focus, so Enter cancels nothing by
 * accident.
 */
export function CancelInvoiceDialog({ invoice, onClose }: Props) {
  const form = useForm(CancelInvoiceSchema, { reason: '' });
  const { submit, busy, report } = useFormSubmit(form.valid, async () => {
    if (!form.data) return;
    const answer = await cancelInvoice(invoice.id, form.data);
    notify('success', answer.message);
    onClose();
  });
  return (
    <BusinessDialog title={`Cancel invoice ${invoice.invoiceNumber}?`} onClose={onClose}>
      <ErrorBanner error={report.error} onClose={report.clear} />
      <form noValidate onSubmit={submit} aria-busy={busy} aria-label="Cancel the invoice">
        <Stack gap="sm">
          <Text size="sm">
            A cancelled invoice keeps its number and takes no payment; this cannot be undone.
          </Text>
          <Textarea {...form.field('reason')} label="Reason" required autosize minRows={2} disabled={busy} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy} data-autofocus>
              Keep the invoice
            </Button>
            <Button type="submit" color="red.9" disabled={busy || !form.valid}>
              Cancel invoice
            </Button>
          </Group>
        </Stack>
      </form>
    </BusinessDialog>
  );
}
