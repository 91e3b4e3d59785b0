import { useId, useState, type FormEvent } from 'react';
import { Button, NativeSelect, Stack, Title } from '@mantine/core';
import type { Role, RoleName } from '@app/contracts';
import { permissionList, roleLabel } from '../../../../lib/roles';

type Props = {
  /** The roles the administrator may grant (none above their own). */
  roles: Role[];
  /** The account's role, when known (for another user, only once a change has answered). */
  current?: RoleName;
  busy: boolean;
  onSubmit: (role: RoleName) => void;
};

/** The role selector of the administration section → PATCH /user/update/role/{role}. */
export function RoleForm({ roles, current, busy, onSubmit }: Props) {
  const [role, setRole] = useState<RoleName | ''>(current ?? '');
  const headingId = useId();
  const selected = roles.find((r) => r.name === role);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (role && role !== current && !busy) onSubmit(role);
  };

  return (
    <form noValidate onSubmit={submit} aria-labelledby={headingId} aria-busy={busy}>
      <Stack gap="sm">
        <Title order={3} size="h5" id={headingId}>
          Role and permissions
        </Title>
        <NativeSelect
          label="Role"
          value={role}
          onChange={(event) => setRole(event.currentTarget.value as RoleName | '')}
          disabled={busy}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          description={
            selected
              ? `Permissions: ${permissionList(selected.permission).join(', ')}`
              : 'Choose the role to give.'
          }
          data={[
            ...(current ? [] : [{ value: '', label: 'Choose a role', disabled: true }]),
            ...roles.map((r) => ({ value: r.name, label: roleLabel(r.name) })),
          ]}
        />
        <div>
          <Button type="submit" disabled={!role || role === current || busy}>
            {busy ? 'Saving...' : 'Change role'}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
