import { useId } from 'react';
import { Button, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { CreateCustomerSchema, type CustomerWithInvoices } from '@app/contracts';
import { notify } from '../../../lib/notify';
import { updateCustomer } from '../business-api';
import { ErrorBanner } from '../../../components/FormBanners';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useForm } from '../../../lib/use-form';
import type { CustomerValues } from '../form-schemas';
import { CustomerFields } from './CustomerFields';
import { useEmailInUseQuestion } from './use-email-in-use-question';

const PROFILE_ORDER = ['name', 'email', 'type', 'status', 'address', 'phone', 'imageUrl'] as const;

export function valuesOf(customer: CustomerWithInvoices): CustomerValues {
  return {
    name: customer.name,
    email: customer.email,
    address: customer.address,
    phone: customer.phone,
    type: customer.type,
    status: customer.status,
    imageUrl: customer.imageUrl,
  };
}

type Props = { customer: CustomerWithInvoices; canEdit: boolean };

/**
 * The profile form of /customers/{id} (SPEC §2.3, §5, §6): name, email, type, status, address, phone and
 * image URL, with the hidden id and createdAt, and 'Update'. Every field is disabled for a user who may
 * not edit customers (ROLE_USER) and while saving; the server refuses the call anyway (403). A new e-mail that
 * another customer already uses is saved only once confirmed.
 */
export function CustomerProfileForm({ customer, canEdit }: Props) {
  const form = useForm(CreateCustomerSchema, valuesOf(customer));
  const titleId = useId();
  const noteId = useId();
  const emailInUse = useEmailInUseQuestion();
  const { submit, busy, report } = useFormSubmit(
    canEdit && form.valid,
    async () => {
      if (!form.data) return;
      const newEmail = form.data.email.toLowerCase() !== customer.email.toLowerCase();
      if (newEmail && !(await emailInUse.mayGoOn(form.data.email, customer.id))) return;
      const answer = await updateCustomer({ id: customer.id, ...form.data });
      notify('success', answer.message);
      // The form starts again from what the server kept (the card is fetched again: the write cleared the cache).
      if (answer.data) form.reset(valuesOf(answer.data.customer));
    },
    { stays: true },
  );
  const locked = !canEdit || busy;

  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm" id={titleId}>
        Profile
      </Title>
      {!canEdit && (
        <Text size="sm" c="dimmed" mb="sm" id={noteId}>
          Your role lets you view customers, not change them.
        </Text>
      )}
      <ErrorBanner error={report.error} onClose={report.clear} />
      <form noValidate onSubmit={submit} aria-labelledby={titleId} aria-busy={busy}>
        <input type="hidden" name="id" value={customer.id} />
        <input type="hidden" name="createdAt" value={customer.createdAt} />
        <fieldset
          disabled={locked}
          aria-describedby={canEdit ? undefined : noteId}
          style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <CustomerFields field={form.field} disabled={locked} order={PROFILE_ORDER} />
          </SimpleGrid>
          <Button type="submit" mt="md" disabled={locked || !form.valid || !form.edited}>
            {busy ? 'Updating...' : 'Update'}
          </Button>
        </fieldset>
      </form>
      {emailInUse.dialog}
    </Paper>
  );
}
