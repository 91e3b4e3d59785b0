/**
 * The state of a form: its values, which fields were left (their errors show from then on), and whether anything
 * was changed yet (SPEC §5: submit stays disabled while the form is untouched). Its rules and their messages are
 * those of the zod schema it is given, built from the contracts' (form-errors.ts); `data` is what the schema makes
 * of the values once they are all valid, the body to send.
 */
import { useState } from 'react';
import type { z } from 'zod';
import { checkForm } from './form-errors';

/** `schema` is undefined while it loads (use-lazy-schema.ts): the form is then not valid yet and shows no error. */
export function useForm<V extends Record<string, string>, T>(schema: z.ZodType<T> | undefined, initial: V) {
  type Name = Extract<keyof V, string>;
  const [values, setValues] = useState(initial);
  const [left, setLeft] = useState<Partial<Record<Name, boolean>>>({});
  const [edited, setEdited] = useState(false);
  const { valid, data, errors } = checkForm<Name, T>(schema, values);

  /** Changes some values, as typed or chosen. */
  const set = (changes: Partial<V>) => {
    setValues((previous) => ({ ...previous, ...changes }));
    setEdited(true);
  };
  /** Marks a field as left, so its error shows. */
  const leave = (name: Name) => setLeft((previous) => ({ ...previous, [name]: true }));
  /** The error of a field once it was left. */
  const errorOf = (name: Name) => (left[name] ? errors[name] : undefined);

  return {
    values,
    errors,
    valid,
    data,
    edited,
    set,
    leave,
    errorOf,
    /** The props of a text field or native select: its value, change and blur handlers, its error once left. */
    field(name: Name) {
      return {
        name,
        value: values[name],
        onChange: (event: { currentTarget: { value: string } }) =>
          set({ [name]: event.currentTarget.value } as Partial<V>),
        onBlur: () => leave(name),
        error: errorOf(name),
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
