/**
 * The state of a business form: its values, which fields were left (their errors show from then on), and
 * whether anything was changed yet (SPEC §5: submit stays disabled while the form is untouched). The rules
 * themselves are the pure functions of validation.ts.
 */
import { useState } from 'react';
import type { FieldErrors } from './validation';

export function useFormValues<V extends Record<string, string>>(
  initial: V,
  validate: (values: V) => FieldErrors<Extract<keyof V, string>>,
) {
  const [values, setValues] = useState(initial);
  const [left, setLeft] = useState<Partial<Record<keyof V, boolean>>>({});
  const [edited, setEdited] = useState(false);
  const errors = validate(values);

  const set = (changes: Partial<V>) => {
    setValues((previous) => ({ ...previous, ...changes }));
    setEdited(true);
  };

  return {
    values,
    errors,
    valid: Object.keys(errors).length === 0,
    edited,
    set,
    /** Marks a field as left, so its error shows. */
    leave: (name: keyof V) => setLeft((previous) => ({ ...previous, [name]: true })),
    /** The error of a field once it was left. */
    errorOf: (name: keyof V) => (left[name] ? errors[name as Extract<keyof V, string>] : undefined),
    /** The props of a text field or native select: value, change and blur handlers, error once left. */
    field(name: Extract<keyof V, string>) {
      return {
        name,
        value: values[name],
        onChange: (event: { currentTarget: { value: string } }) =>
          set({ [name]: event.currentTarget.value } as Partial<V>),
        onBlur: () => setLeft((previous) => ({ ...previous, [name]: true })),
        error: left[name] ? errors[name] : undefined,
      };
    },
    /** Back to the given values (the defaults after a save), untouched. */
    reset(to: V = initial) {
      setValues(to);
      setLeft({});
      setEdited(false);
    },
  };
}
