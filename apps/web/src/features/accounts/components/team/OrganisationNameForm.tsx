import { useEffect, useRef, type FormEvent } from 'react';
import { Button, TextInput } from '@mantine/core';
import { ORGANISATION_NAME_MAX_LENGTH, RenameOrganisationSchema } from '@app/contracts';
import { useForm } from '../../../../lib/use-form';
import classes from './team.module.css';

type Props = {
  current: string;
  busy: boolean;
  onSave: (name: string) => void;
  onCancel: () => void;
};

/**
 * The organisation's name made editable in place (owners only) → PATCH /organisation. Opens with the name
 * selected, ready to be typed over; Escape or Cancel puts the name back as it was.
 */
export function OrganisationNameForm({ current, busy, onSave, onCancel }: Props) {
  const form = useForm(RenameOrganisationSchema, { name: current });
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.select(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.valid || busy) return;
    const name = form.values.name.trim();
    if (name === current) onCancel();
    else onSave(name);
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Rename the organisation" aria-busy={busy}>
      <div className={classes.renameForm}>
        <TextInput
          ref={input}
          className={classes.renameInput}
          label="Organisation name"
          description={`At most ${ORGANISATION_NAME_MAX_LENGTH} characters`}
          autoComplete="organization"
          required
          disabled={busy}
          {...form.field('name')}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onCancel();
          }}
        />
        <Button type="submit" disabled={!form.valid || busy}>
          {busy ? 'Saving...' : 'Save'}
        </Button>
        <Button type="button" variant="default" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
