import { useState, type FormEvent } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { CUSTOMER_STATUSES, CUSTOMER_TYPES } from '@app/contracts';
import { CheckboxChoices } from '../components/CheckboxChoices';
import { NO_CUSTOMER_FILTERS, type CustomerFilters } from './customer-list-request';

type Props = { filters: CustomerFilters; onApply: (filters: CustomerFilters) => void; disabled?: boolean };

const isSet = (filters: CustomerFilters) =>
  filters.name !== '' || filters.status.length > 0 || filters.type.length > 0;

/**
 * SPEC's search by name, with the statuses and types to show (issue 24). They apply together with 'Search
 * Customers', which goes back to page 0 (a list that changed at each keystroke would jump under the user); 'Clear'
 * shows every customer again.
 */
export function CustomerFiltersForm({ filters, onApply, disabled = false }: Props) {
  const [typed, setTyped] = useState(filters);
  const [shownFor, setShownFor] = useState(filters);
  // The address changed (Back, a link): the form shows what the list shows.
  if (shownFor !== filters) {
    setShownFor(filters);
    setTyped(filters);
  }
  const set = (changes: Partial<CustomerFilters>) => setTyped((previous) => ({ ...previous, ...changes }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...typed, name: typed.name.trim() });
  };

  return (
    <form role="search" onSubmit={submit} aria-label="Search customers">
      <Group align="flex-end" gap="sm" mb="sm">
        <TextInput
          label="Customer Name"
          name="name"
          value={typed.name}
          onChange={(event) => set({ name: event.currentTarget.value })}
          autoComplete="off"
          maxLength={200}
        />
        <Button type="submit" disabled={disabled}>
          Search Customers
        </Button>
        <Button
          variant="default"
          onClick={() => {
            setTyped(NO_CUSTOMER_FILTERS);
            onApply(NO_CUSTOMER_FILTERS);
          }}
          disabled={disabled || !isSet(filters)}
        >
          Clear
        </Button>
      </Group>
      <Group gap="xl" align="flex-start">
        <CheckboxChoices
          label="Status"
          choices={CUSTOMER_STATUSES}
          value={typed.status}
          onChange={(status) => set({ status })}
          disabled={disabled}
        />
        <CheckboxChoices
          label="Type"
          choices={CUSTOMER_TYPES}
          value={typed.type}
          onChange={(type) => set({ type })}
          disabled={disabled}
        />
      </Group>
    </form>
  );
}
