import { useQuery } from '@tanstack/react-query';
import { BarChart } from '@mantine/charts';
// The legend's swatches are the core's ColorSwatch.
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/charts/styles.css';
import { Anchor, Paper, SimpleGrid, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { formatMoney, toCents, type Dashboard, type DashboardData } from '@app/contracts';
import { ScreenStateView } from '../../../components/ScreenStateView';
import { answerScreen } from '../../../lib/answer-screen';
import { PATHS } from '../../../lib/paths';
import { dashboardQuery } from '../business-api';
import classes from '../../../components/business.module.css';

const money = (amount: number) => formatMoney(toCents(amount));

/** "2026-03" → "Mar 2026", in UTC like the server's months. */
const MONTH = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const monthLabel = (month: string) => MONTH.format(new Date(`${month}-01T00:00:00Z`));

/**
 * Billed and paid in each of the last 12 months. The chart is drawn for the eye; the same figures are a table
 * for screen readers (a chart's bars have no words).
 */
function MonthsChart({ months }: Pick<Dashboard, 'months'>) {
  const data = months.map((figures) => ({
    month: monthLabel(figures.month),
    Billed: figures.billed,
    Paid: figures.paid,
  }));
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={3} size="h4" mb="sm">
        Billed and paid, month by month
      </Title>
      <div aria-hidden="true">
        <BarChart
          h={260}
          data={data}
          dataKey="month"
          series={[
            { name: 'Billed', color: 'blue.6' },
            { name: 'Paid', color: 'teal.6' },
          ]}
          valueFormatter={money}
          withLegend
          tickLine="y"
        />
      </div>
      <VisuallyHidden>
        <table>
          <caption>Billed and paid in each of the last 12 months, with the tax</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Billed</th>
              <th scope="col">Paid</th>
            </tr>
          </thead>
          <tbody>
            {months.map((figures) => (
              <tr key={figures.month}>
                <th scope="row">{monthLabel(figures.month)}</th>
                <td>{money(figures.billed)}</td>
                <td>{money(figures.paid)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Paper>
  );
}

/** Who owes most, each name a link to the customer: two columns, which fit the narrowest phone as they are. */
function TopCustomers({ customers }: { customers: Dashboard['topCustomers'] }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={3} size="h4" mb="sm" id="top-customers">
        Who owes most
      </Title>
      <Table aria-labelledby="top-customers" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Customer</Table.Th>
            <Table.Th scope="col" style={{ textAlign: 'right' }}>
              Balance Due
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {customers.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={2}>Nobody owes anything.</Table.Td>
            </Table.Tr>
          ) : (
            customers.map((customer) => (
              <Table.Tr key={customer.id}>
                <Table.Td>
                  <Anchor component={Link} to={PATHS.customer(customer.id)}>
                    {customer.name}
                  </Anchor>
                </Table.Td>
                <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                  {money(customer.balanceDue)}
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/**
 * The month's story under SPEC's three totals: what was billed and paid, what is owed and overdue, and by whom.
 * A failure shows in its place, not as a notification, as everything on this screen (SPEC §8).
 */
export function MonthStory() {
  const query = useQuery(dashboardQuery());
  return (
    <section aria-labelledby="month-story">
      <Title order={2} size="h3" mb="sm" id="month-story">
        Billing
      </Title>
      <ScreenStateView screen={answerScreen<DashboardData>(query)} loadingLabel="Loading the billing figures">
        {({ dashboard }) => (
          <>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" mb="md">
              {[
                { label: 'Outstanding', amount: dashboard.outstanding },
                { label: 'Overdue', amount: dashboard.overdue },
              ].map((card) => (
                <Paper key={card.label} withBorder p="md" radius="md">
                  <Text size="sm" c="dimmed" fw={600}>
                    {card.label}
                  </Text>
                  <Text className={classes.stat}>{money(card.amount)}</Text>
                </Paper>
              ))}
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" mb="xl">
              <MonthsChart months={dashboard.months} />
              <TopCustomers customers={dashboard.topCustomers} />
            </SimpleGrid>
          </>
        )}
      </ScreenStateView>
    </section>
  );
}
