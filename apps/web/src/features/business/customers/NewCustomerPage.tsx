import { useState } from 'react';
import { Anchor, Button, Paper, SimpleGrid } from '@mantine/core';
import { CreateCustomerSchema } from '@app/contracts';
import { Link } from 'react-router';
import { createCustomer } from '../business-api';
import { BusinessPage } from '../../../components/BusinessPage';
import { CreationGate } from '../components/CreationGate';
import { ErrorBanner, SuccessBanner } from '../../../components/FormBanners';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useForm } from '../../../lib/use-form';
import type { CustomerValues } from '../form-schemas';
import { CustomerFields } from './CustomerFields';
import { useEmailInUseQuestion } from './use-email-in-use-question';
import { PATHS } from '../../../lib/paths';

/** SPEC §4: a new customer is an INDIVIDUAL and ACTIVE unless chosen otherwise, and again after saving. */
export const NEW_CUSTOMER: CustomerValues = {
  name: '',
  email: '',
  address: '',
  phone: '',
  type: 'INDIVIDUAL',
  status: 'ACTIVE',
  imageUrl: '',
};

const NEW_ORDER = ['name', 'email', 'address', 'phone', 'type', 'status', 'imageUrl'] as const;

type Created = { message: string; id: number; name: string };

/**
 * /customers/new (SPEC §2.3, §5): the 'New Customer' form; after saving, the defaults again. An e-mail another
 * customer already uses is saved only once confirmed. A role that may not create customers reads why instead.
 */
export function NewCustomerPage() {
  const form = useForm(CreateCustomerSchema, NEW_CUSTOMER);
  const [created, setCreated] = useState<Created | null>(null);
  const emailInUse = useEmailInUseQuestion();
  const { submit, busy, report } = useFormSubmit(
    form.valid,
    async () => {
      if (!form.data) return;
      if (!(await emailInUse.mayGoOn(form.data.email))) return;
      setCreated(null);
      const answer = await createCustomer(form.data);
      const customer = answer.data?.customer;
      form.reset(NEW_CUSTOMER);
      setCreated({ message: answer.message, id: customer?.id ?? 0, name: customer?.name ?? '' });
    },
    { stays: true },
  );

  return (
    <BusinessPage title="New Customer">
      <CreationGate what="customers">
        <Paper withBorder p="md" radius="md" maw={720}>
          <SuccessBanner onClose={() => setCreated(null)}>
            {created && (
              <>
                {created.message}
                {created.id > 0 && (
                  <>
                    {' '}
                    <Anchor component={Link} to={PATHS.customer(created.id)}>
                      View {created.name}
                    </Anchor>
                  </>
                )}
              </>
            )}
          </SuccessBanner>
          <ErrorBanner error={report.error} onClose={report.clear} />
          <form noValidate onSubmit={submit} aria-busy={busy}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <CustomerFields field={form.field} disabled={busy} order={NEW_ORDER} />
            </SimpleGrid>
            <Button type="submit" mt="md" disabled={busy || !form.valid || !form.edited}>
              {busy ? 'Saving...' : 'Save Customer'}
            </Button>
          </form>
          {emailInUse.dialog}
        </Paper>
      </CreationGate>
    </BusinessPage>
  );
}
