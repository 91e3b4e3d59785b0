import { Checkbox, Group } from '@mantine/core';

type Props<T extends string> = {
  label: string;
  choices: readonly T[];
  value: T[];
  onChange: (value: T[]) => void;
  disabled?: boolean;
};

/** A list filter's choice of values (statuses, types): none checked means every one. */
export function CheckboxChoices<T extends string>({ label, choices, value, onChange, disabled }: Props<T>) {
  return (
    <Checkbox.Group label={label} value={value} onChange={(checked) => onChange(checked as T[])}>
      <Group gap="md" mt={4}>
        {choices.map((choice) => (
          <Checkbox key={choice} value={choice} label={choice} disabled={disabled} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}
