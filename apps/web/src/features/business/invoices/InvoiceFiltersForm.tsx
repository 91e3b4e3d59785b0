import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, SimpleGrid, TextInput } from '@mantine/core';
import { INVOICE_STATUSES, type InvoiceStatus } from '@app/contracts';
import { CheckboxChoices } from '../components/CheckboxChoices';
import { CustomerSelect } from './CustomerSelect';
import {
  NO_FILTERS,
  readInvoiceListRequest,
  invoiceListParams,
  type InvoiceFilters,
} from './invoice-list-request';

type Props = { filters: InvoiceFilters; onApply: (filters: InvoiceFilters) => void; disabled?: boolean };

/** The filters as typed: text fields, read as the address would be when applied. */
type Typed = {
  status: InvoiceStatus[];
  customerId: string;
  from: string;
  to: string;
  min: string;
  max: string;
};

/** The two ranges: invoice dates, and totals before tax (the list's Total column). */
const RANGE_FIELDS = [
  { key: 'from', label: 'From', type: 'date' },
  { key: 'to', label: 'To', type: 'date' },
  { key: 'min', label: 'Total from ($)', type: 'text' },
  { key: 'max', label: 'Total to ($)', type: 'text' },
] as const;

const typedOf = (filters: InvoiceFilters): Typed => ({
  status: filters.status,
  customerId: filters.customerId === undefined ? '' : String(filters.customerId),
  from: filters.from ?? '',
  to: filters.to ?? '',
  min: filters.min === undefined ? '' : String(filters.min),
  max: filters.max === undefined ? '' : String(filters.max),
});

/** What was typed, as filters: read by the same rules as the address, so what cannot be read is left out. */
function filtersOf(typed: Typed): InvoiceFilters {
  const params = new URLSearchParams({ ...typed, status: typed.status.join(',') });
  return readInvoiceListRequest(params).filters;
}

/**
 * The invoice list's filters (issue 24): statuses, a customer, a range of invoice dates and one of totals. They
 * apply together with 'Apply filters' (a list that changed at each keystroke would jump under the user), and
 * 'Clear filters' shows every invoice again.
 */
export function InvoiceFiltersForm({ filters, onApply, disabled = false }: Props) {
  const [typed, setTyped] = useState<Typed>(() => typedOf(filters));
  const [shownFor, setShownFor] = useState(filters);
  // The address changed (Back, a link): the form shows what the list shows.
  if (shownFor !== filters) {
    setShownFor(filters);
    setTyped(typedOf(filters));
  }
  const set = (changes: Partial<Typed>) => setTyped((previous) => ({ ...previous, ...changes }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(filtersOf(typed));
  };
  const applied = invoiceListParams({ page: 0, filters }).toString();

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      mb="md"
      component="form"
      onSubmit={submit}
      aria-label="Filter the invoices"
    >
      <CheckboxChoices
        label="Status"
        choices={INVOICE_STATUSES}
        value={typed.status}
        onChange={(status) => set({ status })}
        disabled={disabled}
      />
      <SimpleGrid cols={{ base: 1, sm: 2, md: 5 }} spacing="sm" mt="sm">
        <CustomerSelect
          value={typed.customerId}
          onChange={(customerId) => set({ customerId })}
          onBlur={() => undefined}
          disabled={disabled}
          required={false}
        />
        {RANGE_FIELDS.map(({ key, label, type }) => (
          <TextInput
            key={key}
            label={label}
            type={type}
            inputMode={type === 'date' ? undefined : 'decimal'}
            value={typed[key]}
            onChange={(event) => set({ [key]: event.currentTarget.value })}
            disabled={disabled}
          />
        ))}
      </SimpleGrid>
      <Group mt="md" gap="sm">
        <Button type="submit" disabled={disabled}>
          Apply filters
        </Button>
        <Button
          variant="default"
          onClick={() => {
            setTyped(typedOf(NO_FILTERS));
            onApply(NO_FILTERS);
          }}
          disabled={disabled || applied === ''}
        >
          Clear filters
        </Button>
      </Group>
    </Paper>
  );
}
