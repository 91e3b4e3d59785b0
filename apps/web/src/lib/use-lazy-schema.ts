/**
 * A form's schema loaded when the visitor first uses the form (focuses or types in it), not with the page: the
 * validation library and the schemas weigh about 22 KiB compressed, which a prerendered page such as /login must
 * not make every visitor download before they do anything. Until the schema arrives the form is not valid yet
 * (its submit stays disabled) and shows no error; the module is fetched once, whichever form asks first.
 */
import { useCallback, useState } from 'react';
import type { z } from 'zod';

export function useLazySchema<T>(loadSchema: () => Promise<z.ZodType<T>>) {
  const [schema, setSchema] = useState<z.ZodType<T>>();
  const [asked, setAsked] = useState(false);
  const load = useCallback(() => {
    if (asked) return;
    setAsked(true);
    // A chunk that failed to arrive (the connection dropped) is asked for again at the next use.
    loadSchema().then(
      (loaded) => setSchema(() => loaded),
      () => setAsked(false),
    );
  }, [asked, loadSchema]);
  return { schema, load };
}
