/**
 * The state of a small account form: its values, which fields were left (their errors show from then
 * on), and whether anything was typed yet (SPEC §5: submit stays disabled while the form is untouched).
 * The rules themselves are the pure functions of validation.ts.
 */
import { useState, type ChangeEvent } from 'react';
import type { FieldErrors } from './validation';

export function useForm<V extends Record<string, string>>(
  initial: V,
  validate: (values: V) => FieldErrors<Extract<keyof V, string>>,
) {
  const [values, setValues] = useState(initial);
  const [left, setLeft] = useState<Partial<Record<keyof V, boolean>>>({});
  const [edited, setEdited] = useState(false);
  const errors = validate(values);

  return {
    values,
    errors,
    valid: Object.keys(errors).length === 0,
    edited,
    /** The props of a field's input: its value, change and blur handlers, and its error once left. */
    field(name: Extract<keyof V, string>) {
      return {
        name,
        value: values[name],
        onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
          const value = event.currentTarget.value;
          setValues((previous) => ({ ...previous, [name]: value }));
          setEdited(true);
        },
        onBlur: () => setLeft((previous) => ({ ...previous, [name]: true })),
        error: left[name] ? errors[name] : undefined,
      };
    },
    /** Back to the first values, or to the given ones (what the server kept after a save), untouched. */
    reset(to: V = initial) {
      setValues(to);
      setLeft({});
      setEdited(false);
    },
  };
}
