import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { Stats } from '@app/contracts';
import { formatMoney, toCents } from '@app/contracts';
import classes from '../../../components/business.module.css';

/** SPEC §2.3, §9: Total Customers, Total Invoices, and Total Billed as $ with 2 decimals. */
export function StatsCards({ stats }: { stats: Stats }) {
  const cards = [
    { label: 'Total Customers', value: stats.totalCustomers.toLocaleString('en-US') },
    { label: 'Total Invoices', value: stats.totalInvoices.toLocaleString('en-US') },
    { label: 'Total Billed', value: formatMoney(toCents(stats.totalBilled)) },
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" mb="xl">
      {cards.map((card) => (
        <Paper key={card.label} withBorder p="md" radius="md">
          <Text size="sm" c="dimmed" fw={600}>
            {card.label}
          </Text>
          <Text className={classes.stat}>{card.value}</Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
