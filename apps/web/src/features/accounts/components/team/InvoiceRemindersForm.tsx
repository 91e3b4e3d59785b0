import { useState } from 'react';
import { Button, Checkbox, Group, NumberInput, Text } from '@mantine/core';
import { InvoiceRemindersSchema, type InvoiceReminders } from '@app/contracts';
import { ErrorBanner } from '../../../../components/FormBanners';
import { notify } from '../../../../lib/notify';
import { useFormSubmit } from '../../../../lib/use-form-submit';
import { saveInvoiceReminders } from '../../organisation-api';

/** The days and count a business that turns reminders on starts from. */
const FIRST_CHOICE = { everyDays: 7, limit: 3 };

/**
 * Reminders of overdue invoices (decision 24): off until an owner turns them on; then each overdue invoice is
 * e-mailed again to its customer, with its PDF, every so many days after its due date, at most so many times.
 */
export function InvoiceRemindersForm({
  reminders,
  editable,
}: {
  reminders: InvoiceReminders;
  editable: boolean;
}) {
  const [saved, setSaved] = useState(reminders);
  const [on, setOn] = useState(reminders.everyDays !== null);
  const [everyDays, setEveryDays] = useState<number | string>(reminders.everyDays ?? FIRST_CHOICE.everyDays);
  const [limit, setLimit] = useState<number | string>(reminders.limit);
  const wanted = { everyDays: on ? Number(everyDays) : null, limit: Number(limit) };
  const checked = InvoiceRemindersSchema.safeParse(wanted);
  const edited = wanted.everyDays !== saved.everyDays || wanted.limit !== saved.limit;
  const { submit, busy, report } = useFormSubmit(
    editable && checked.success,
    async () => {
      const answer = await saveInvoiceReminders(wanted);
      notify('success', answer.message);
      if (answer.data) setSaved(answer.data.reminders);
    },
    { stays: true },
  );
  const locked = !editable || busy;
  const problem = checked.success ? null : (checked.error.issues[0]?.message ?? null);
  return (
    <form onSubmit={submit} noValidate aria-label="Reminders of overdue invoices">
      <Text fw={600} mt="xl" mb="xs">
        Reminders of overdue invoices
      </Text>
      <ErrorBanner error={report.error} onClose={report.clear} />
      <Checkbox
        label="E-mail the customer the invoice again while it is overdue"
        checked={on}
        onChange={(event) => setOn(event.currentTarget.checked)}
        disabled={locked}
      />
      <Text size="sm" c="dimmed" mt={4}>
        Checked every hour: invoices already overdue get their first reminder at the next check.
      </Text>
      <Group mt="sm" align="flex-start">
        <NumberInput
          label="Every (days after the due date)"
          min={1}
          max={90}
          value={everyDays}
          onChange={setEveryDays}
          disabled={locked || !on}
          allowDecimal={false}
        />
        <NumberInput
          label="At most (reminders)"
          min={1}
          max={10}
          value={limit}
          onChange={setLimit}
          disabled={locked || !on}
          allowDecimal={false}
        />
      </Group>
      {problem && (
        <Text c="red.8" size="sm" mt={4} role="alert">
          {problem}
        </Text>
      )}
      {editable && (
        <Button type="submit" mt="md" disabled={busy || !checked.success || !edited}>
          {busy ? 'Saving...' : 'Save reminders'}
        </Button>
      )}
    </form>
  );
}
