import { useState, type FormEvent } from 'react';
import { useFormError } from './error-notice';

/**
 * The submit of a form (SPEC §4, §5, §8), the one way every form sends: ignored while the form is invalid or its call is running; the
 * last error cleared, then `send` run with the form busy. A failure is shown in the form's banner and notified,
 * and the form can be sent again. A success leaves the form busy, since the screen moves on (signed in, the
 * answer shown in its place, a dialog closed), unless `stays` says the form stays on screen for another change;
 * `ready` makes it usable again for a screen that comes back to the form.
 */
export function useFormSubmit(valid: boolean, send: () => Promise<void>, { stays = false } = {}) {
  const [busy, setBusy] = useState(false);
  const report = useFormError();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    report.clear();
    try {
      await send();
      if (stays) setBusy(false);
    } catch (error) {
      report.show(error);
      setBusy(false);
    }
  };

  return { submit, busy, report, ready: () => setBusy(false) };
}
