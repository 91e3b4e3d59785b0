import { Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { CustomerData } from '@app/contracts';
import { ScreenStateView } from '../../../components/ScreenStateView';
import { answerScreen } from '../../../lib/answer-screen';
import { PATHS } from '../../../lib/paths';
import { customerQuery } from '../business-api';
import { Breadcrumb } from '../components/Breadcrumb';
import { BusinessPage } from '../../../components/BusinessPage';
import { InvoicesTable } from '../components/InvoicesTable';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatMoney, toCents } from '@app/contracts';
import { canEditCustomers } from '../../../lib/permissions';
import { useNotifiedError } from '../../../lib/use-notified-error';
import { CustomerProfileForm } from './CustomerProfileForm';
import classes from '../../../components/business.module.css';

/**
 * The card beside the form: picture, name, e-mail, status, and what was billed (SPEC §2.3), as the server keeps it:
 * every invoice counts, but a cancelled one bills nothing (as the dashboard's Total Billed, decision 24).
 */
function ProfileCard({ customer }: { customer: CustomerData['customer'] }) {
  return (
    <Paper withBorder p="md" radius="md" ta="center">
      <img src={customer.imageUrl} alt={`Picture of ${customer.name}`} className={classes.profileImage} />
      <Title order={2} size="h4">
        {customer.name}
      </Title>
      <Text size="sm" mb="xs" style={{ overflowWrap: 'anywhere' }}>
        {customer.email}
      </Text>
      <StatusBadge kind="customer" status={customer.status} />
      <Stack gap={4} mt="md">
        <Text size="sm" c="dimmed" fw={600}>
          Total Invoices
        </Text>
        <Text className={classes.stat}>{customer.invoices.length}</Text>
        <Text size="sm" c="dimmed" fw={600}>
          Total Billed
        </Text>
        <Text className={classes.stat}>{formatMoney(toCents(customer.totalBilled))}</Text>
      </Stack>
    </Paper>
  );
}

/**
 * /customers/{id} (SPEC §2.3, §6): the profile card, the profile form (disabled for ROLE_USER) and the
 * customer's invoices. Who may edit comes from the answer's `user`, the signed-in user as the server sees it.
 */
export function CustomerPage() {
  const { id = '' } = useParams();
  const query = useQuery(customerQuery(id));
  useNotifiedError(query.error);

  return (
    <BusinessPage
      title="Customer"
      before={
        <Breadcrumb
          items={[
            { label: 'Customers', to: PATHS.customers },
            { label: query.data?.data?.customer.name ?? `Customer ${id}` },
          ]}
        />
      }
    >
      <ScreenStateView screen={answerScreen<CustomerData>(query)} loadingLabel="Loading the customer">
        {({ customer, user }) => (
          <>
            <Grid gutter="md" mb="xl">
              <Grid.Col span={{ base: 12, md: 4 }}>
                <ProfileCard customer={customer} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 8 }}>
                {/* Another customer, another form; after a save the form takes the saved values itself. */}
                <CustomerProfileForm key={customer.id} customer={customer} canEdit={canEditCustomers(user)} />
              </Grid.Col>
            </Grid>
            <Title order={2} size="h3" mb="sm">
              Invoices
            </Title>
            <InvoicesTable invoices={customer.invoices} caption={`Invoices of ${customer.name}`} />
          </>
        )}
      </ScreenStateView>
    </BusinessPage>
  );
}
