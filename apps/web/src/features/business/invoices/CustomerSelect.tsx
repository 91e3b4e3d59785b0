import { useState } from 'react';
import { Select, Text, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { CustomerOption } from '@app/contracts';
import { customerOptionsQuery } from '../business-api';
import { useNotifiedError } from '../../../lib/use-notified-error';

/** The most customers GET /customer/invoice/new sends (decision 0007; CUSTOMER_OPTIONS_LIMIT). */
export const CUSTOMER_OPTIONS_LIMIT = 500;

/** Case and accents ignored, as the server's search does: "elodie" finds "Élodie". */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

const filterByName: OptionsFilter = ({ options, search }) => {
  const wanted = foldForSearch(search);
  return options.filter((item) => 'label' in item && foldForSearch(item.label).includes(wanted));
};

type Props = {
  /** The chosen customer's id as text, '' for none. */
  value: string;
  onChange: (id: string) => void;
  onBlur: () => void;
  error?: string;
  disabled?: boolean;
  /** An invoice needs its customer; a filter of the invoices does not. */
  required?: boolean;
};

/**
 * The invoice form's customer (SPEC §2.3), and the invoice list's filter by customer: listed by name, sends the id. The server sends at most 500
 * customers; when it sent that many, there may be more, so what is typed is searched on the server
 * (?name=, case and accents ignored) instead of only among those 500.
 */
export function CustomerSelect({ value, onChange, onBlur, error, disabled, required = true }: Props) {
  const base = useQuery(customerOptionsQuery());
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 300);
  const [picked, setPicked] = useState<CustomerOption | null>(null);

  const all = base.data?.data?.customers ?? [];
  const many = all.length >= CUSTOMER_OPTIONS_LIMIT;
  const chosen = picked && String(picked.id) === value ? picked : null;
  // Nothing to ask while the box shows the chosen customer's name.
  const narrowing = many && term !== '' && term !== chosen?.name;
  const narrowed = useQuery({ ...customerOptionsQuery(term), enabled: narrowing });
  useNotifiedError(base.error);
  useNotifiedError(narrowed.error);

  const found = (narrowing ? narrowed.data?.data?.customers : undefined) ?? all;
  // The chosen customer stays an option, or the box would forget its name when the list changes.
  const options = chosen && !found.some((c) => c.id === chosen.id) ? [chosen, ...found] : found;
  const byId = new Map(options.map((customer) => [String(customer.id), customer]));
  const data: ComboboxItem[] = options.map((customer) => ({
    value: String(customer.id),
    label: customer.name,
  }));

  return (
    <Select
      label="Customer"
      placeholder={base.isPending ? 'Loading customers…' : 'Choose or type a name'}
      description={many ? 'Type a name to search among all customers' : undefined}
      required={required}
      searchable
      clearable
      data={data}
      value={value === '' ? null : value}
      onChange={(id) => {
        setPicked(id ? (byId.get(id) ?? null) : null);
        onChange(id ?? '');
      }}
      searchValue={search}
      onSearchChange={setSearch}
      filter={filterByName}
      nothingFoundMessage={narrowing && narrowed.isFetching ? 'Searching…' : 'No customer found'}
      renderOption={({ option }) => (
        <div>
          <Text size="sm">{option.label}</Text>
          <Text size="xs" c="dimmed">
            {byId.get(option.value)?.email}
          </Text>
        </div>
      )}
      onBlur={onBlur}
      error={error}
      disabled={disabled}
      maxDropdownHeight={280}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
