import { useState } from 'react';
import { Button, NativeSelect, Paper, Stack, Textarea, TextInput } from '@mantine/core';
import { INVOICE_STATUSES } from '@app/contracts';
import { addInvoiceToCustomer } from '../business-api';
import { BusinessPage } from '../../../components/BusinessPage';
import { CreationGate } from '../components/CreationGate';
import { ErrorBanner, SuccessBanner } from '../../../components/FormBanners';
import { localIsoDate } from '../../../lib/dates';
import { useFormSubmit } from '../../../lib/use-form-submit';
import {
  lineProblem,
  linesOf,
  parseInvoiceServices,
  SERVICES_EXAMPLE,
  writeInvoiceServices,
  type ServiceLineDraft,
} from '../invoice-services';
import { fixedAmount, parseAmount, sumCents } from '@app/contracts';
import { useForm } from '../../../lib/use-form';
import { InvoiceFormSchema, type InvoiceValues } from '../form-schemas';
import { CustomerSelect } from './CustomerSelect';
import { EMPTY_LINE, ServiceLinesEditor } from './ServiceLinesEditor';

/** SPEC §4: a new invoice is PENDING unless chosen otherwise, and again after saving; dated today. */
export function newInvoiceValues(today = localIsoDate()): InvoiceValues {
  return { services: '', customerId: '', total: '', date: today, status: 'PENDING' };
}

/** The total the lines add up to, as the Total field shows it ('' while there is nothing to add). */
function totalOfLines(lines: readonly ServiceLineDraft[]): string {
  const rates = lines
    .filter((line) => lineProblem(line) === undefined)
    .map((line) => parseAmount(line.rate) ?? 0);
  const total = sumCents(rates);
  return total > 0 ? fixedAmount(total) : '';
}

/**
 * /invoices/new (SPEC §2.3, §5): services, customer, total, date and status; 'Save Invoice'; the server's
 * message in a green banner. Service lines write the services text and fill the total; the text can also
 * be typed as SPEC has it ("1 Web Design 200,2 SEO Work 100"), and then fills the lines. The total follows
 * the services until the user types a total of their own. A role that may not create invoices reads why
 * instead (and its customer select is never loaded).
 */
export function NewInvoicePage() {
  const form = useForm(InvoiceFormSchema, newInvoiceValues());
  const [lines, setLines] = useState<ServiceLineDraft[]>([EMPTY_LINE]);
  const [ownTotal, setOwnTotal] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);

  const changeLines = (next: ServiceLineDraft[]) => {
    setLines(next);
    form.set({ services: writeInvoiceServices(next), ...(ownTotal ? {} : { total: totalOfLines(next) }) });
  };

  const typeServices = (text: string) => {
    const { rows, problems } = parseInvoiceServices(text);
    if (problems.length > 0) {
      form.set({ services: text });
      return;
    }
    const next = rows.length > 0 ? linesOf(rows) : [EMPTY_LINE];
    setLines(next);
    form.set({ services: text, ...(ownTotal ? {} : { total: totalOfLines(next) }) });
  };

  const typeTotal = (value: string) => {
    // An emptied total follows the services again from their next change.
    setOwnTotal(value.trim() !== '');
    form.set({ total: value });
  };

  const { submit, busy, report } = useFormSubmit(
    form.valid,
    async () => {
      if (!form.data) return;
      setSaved(null);
      const answer = await addInvoiceToCustomer(form.data);
      form.reset(newInvoiceValues());
      setLines([EMPTY_LINE]);
      setOwnTotal(false);
      setSaved(answer.message);
    },
    { stays: true },
  );

  const services = form.field('services');
  const total = form.field('total');
  return (
    <BusinessPage title="New Invoice">
      <CreationGate what="invoices">
        <Paper withBorder p="md" radius="md" maw={820}>
          <SuccessBanner onClose={() => setSaved(null)}>{saved}</SuccessBanner>
          <ErrorBanner error={report.error} onClose={report.clear} />
          <form noValidate onSubmit={submit} aria-busy={busy}>
            <Stack gap="md">
              <ServiceLinesEditor lines={lines} onChange={changeLines} disabled={busy} />
              <Textarea
                {...services}
                onChange={(event) => typeServices(event.currentTarget.value)}
                label="Services"
                description={`Written from the lines above, or typed as entries "row description rate" separated by commas, e.g. ${SERVICES_EXAMPLE}`}
                required
                autosize
                minRows={2}
                disabled={busy}
              />
              <CustomerSelect
                value={form.values.customerId}
                onChange={(customerId) => form.set({ customerId })}
                onBlur={() => form.leave('customerId')}
                error={form.errorOf('customerId')}
                disabled={busy}
              />
              <TextInput
                {...total}
                onChange={(event) => typeTotal(event.currentTarget.value)}
                label="Total"
                description={ownTotal ? 'Typed by you' : 'The sum of the service rates; you can change it'}
                leftSection={<span aria-hidden="true">$</span>}
                inputMode="decimal"
                autoComplete="off"
                required
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
                <Button type="submit" disabled={busy || !form.valid || !form.edited}>
                  {busy ? 'Saving...' : 'Save Invoice'}
                </Button>
              </div>
            </Stack>
          </form>
        </Paper>
      </CreationGate>
    </BusinessPage>
  );
}
