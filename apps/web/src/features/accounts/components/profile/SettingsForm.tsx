import { useId, useState, type FormEvent } from 'react';
import { Button, Stack, Switch, Text, Title } from '@mantine/core';
import type { UpdateSettingsRequest } from '@app/contracts';

type Props = {
  /** The account's settings, when known (for another user, only once a change has answered). */
  current?: UpdateSettingsRequest;
  busy: boolean;
  onSubmit: (settings: UpdateSettingsRequest) => void;
};

/** The account settings of the administration section → PATCH /user/update/settings. */
export function SettingsForm({ current, busy, onSubmit }: Props) {
  const [enabled, setEnabled] = useState(current?.enabled ?? true);
  const [notLocked, setNotLocked] = useState(current?.notLocked ?? true);
  const headingId = useId();
  const enabledHint = useId();
  const lockedHint = useId();
  const unchanged = current !== undefined && current.enabled === enabled && current.notLocked === notLocked;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!unchanged && !busy) onSubmit({ enabled, notLocked });
  };

  return (
    <form noValidate onSubmit={submit} aria-labelledby={headingId} aria-busy={busy}>
      <Stack gap="sm">
        <Title order={3} size="h5" id={headingId}>
          Account settings
        </Title>
        {/* The hints are outside the switches' labels (where Mantine's description goes), so each switch
            is named by its label alone and the hint is read as its description. */}
        <div>
          <Switch
            label="Enabled"
            aria-describedby={enabledHint}
            checked={enabled}
            onChange={(event) => setEnabled(event.currentTarget.checked)}
            disabled={busy}
          />
          <Text id={enabledHint} size="sm" c="dimmed" mt={4}>
            A disabled account cannot log in.
          </Text>
        </div>
        <div>
          <Switch
            label="Not locked"
            aria-describedby={lockedHint}
            checked={notLocked}
            onChange={(event) => setNotLocked(event.currentTarget.checked)}
            disabled={busy}
          />
          <Text id={lockedHint} size="sm" c="dimmed" mt={4}>
            A locked account cannot log in until it is unlocked.
          </Text>
        </div>
        {current === undefined && (
          <Text size="sm" c="dimmed">
            The server tells another account&apos;s settings only in its answer to a change: check both
            switches before saving.
          </Text>
        )}
        <div>
          <Button type="submit" disabled={unchanged || busy}>
            {busy ? 'Saving...' : 'Save settings'}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
