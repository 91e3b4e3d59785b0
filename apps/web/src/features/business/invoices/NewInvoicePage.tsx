import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, NativeSelect, Paper, Stack, TextInput } from '@mantine/core';
import { INVOICE_STATUSES, type InvoiceAddedAnswer, formatMediumDate } from '@app/contracts';
import { addInvoiceToCustomer } from '../business-api';
import { BusinessPage } from '../../../components/BusinessPage';
import { useConfirmation } from '../../../components/use-confirmation';
import { CreationGate } from '../components/CreationGate';
import { ErrorBanner, SuccessBanner } from '../../../components/FormBanners';
import { isMoreThanAYearAhead, localIsoDate } from '../../../lib/dates';
import { PATHS } from '../../../lib/paths';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useForm } from '../../../lib/use-form';
import { InvoiceFormSchema, type InvoiceValues } from '../form-schemas';
import { EMPTY_LINE, readLines, type LineDraft } from '../invoice-line-drafts';
import { CustomerSelect } from './CustomerSelect';
import { InvoiceLinesEditor } from './InvoiceLinesEditor';
import { LinesTotals } from './LinesTotals';

/** SPEC §4: a new invoice is PENDING unless chosen otherwise, and again after saving; dated today. */
export function newInvoiceValues(today = localIsoDate()): InvoiceValues {
  return { customerId: '', date: today, status: 'PENDING' };
}

/** The saved invoice, as the green banner names it: the server's message and a link to print it. */
function SavedInvoice({ answer }: { answer: InvoiceAddedAnswer }) {
  const { invoice } = answer.data;
  return (
    <>
      {answer.message} — invoice {invoice.invoiceNumber}.{' '}
      <Anchor component={Link} to={PATHS.invoice(invoice)}>
        Print invoice {invoice.invoiceNumber}
      </Anchor>
    </>
  );
}

/**
 * /invoices/new (SPEC §2.3, §5): services, customer, total, date and status; 'Save Invoice'; the server's
 * message in a green banner, naming the new invoice with a link to its printable page. The services are lines
 * (description, quantity, unit price) and the total is theirs, shown as the server will compute it: the form
 * sends the lines, never a total of its own. A date more than a year ahead is saved only once confirmed. A role
 * that may not create invoices reads why instead (and its customer select is never loaded).
 */
export function NewInvoicePage() {
  const form = useForm(InvoiceFormSchema, newInvoiceValues());
  const [lines, setLines] = useState<LineDraft[]>([EMPTY_LINE]);
  const [saved, setSaved] = useState<InvoiceAddedAnswer | null>(null);
  const { ask, dialog } = useConfirmation();
  const readyLines = readLines(lines);

  const changeLines = (next: LineDraft[]) => {
    setLines(next);
    // The form counts as edited from its first typed line (SPEC §5: submit disabled while untouched).
    form.set({});
  };

  const { submit, busy, report } = useFormSubmit(
    form.valid && readyLines !== undefined,
    async () => {
      if (!form.data || !readyLines) return;
      const { date } = form.data;
      if (isMoreThanAYearAhead(date)) {
        const goOn = await ask({
          title: 'Date more than a year ahead',
          message: `This invoice is dated ${formatMediumDate(date)}, more than a year from today. Save it with this date?`,
          confirmLabel: 'Save with this date',
          cancelLabel: 'Change the date',
        });
        if (!goOn) return;
      }
      setSaved(null);
      const answer = await addInvoiceToCustomer({ ...form.data, lines: readyLines });
      form.reset(newInvoiceValues());
      setLines([EMPTY_LINE]);
      setSaved(answer);
    },
    { stays: true },
  );

  return (
    <BusinessPage title="New Invoice">
      <CreationGate what="invoices">
        <Paper withBorder p="md" radius="md" maw={900}>
          <SuccessBanner onClose={() => setSaved(null)}>
            {saved && <SavedInvoice answer={saved} />}
          </SuccessBanner>
          <ErrorBanner error={report.error} onClose={report.clear} />
          <form noValidate onSubmit={submit} aria-busy={busy}>
            <Stack gap="md">
              <InvoiceLinesEditor lines={lines} onChange={changeLines} disabled={busy} />
              <LinesTotals lines={lines} />
              <CustomerSelect
                value={form.values.customerId}
                onChange={(customerId) => form.set({ customerId })}
                onBlur={() => form.leave('customerId')}
                error={form.errorOf('customerId')}
                disabled={busy}
              />
              <TextInput {...form.field('date')} label="Date" type="date" required disabled={busy} />
              <NativeSelect
                {...form.field('status')}
                label="Status"
                data={[...INVOICE_STATUSES]}
                required
                disabled={busy}
              />
              <div>
                <Button type="submit" disabled={busy || !form.valid || !readyLines || !form.edited}>
                  {busy ? 'Saving...' : 'Save Invoice'}
                </Button>
              </div>
            </Stack>
          </form>
          {dialog}
        </Paper>
      </CreationGate>
    </BusinessPage>
  );
}
