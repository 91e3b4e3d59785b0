import { useState, type FormEvent } from 'react';
import { Button, NativeSelect } from '@mantine/core';
import type { Member, RoleName } from '@app/contracts';
import { roleLabel } from '../../../../lib/roles';
import { memberName } from '../../team-rules';
import classes from './team.module.css';

type Props = {
  member: Member;
  /** The roles the administrator may give (none above their own). */
  roles: RoleName[];
  busy: boolean;
  onSubmit: (role: RoleName) => void;
};

/**
 * A member's role in their row of the members table → PATCH /user/update/role/{role}?userId=. Sent with
 * its button rather than on choosing: a keyboard user moving through the select's options would otherwise
 * send a change for each one.
 */
export function MemberRoleForm({ member, roles, busy, onSubmit }: Props) {
  const [role, setRole] = useState<RoleName>(member.roleName);
  const name = memberName(member);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (role !== member.roleName && !busy) onSubmit(role);
  };

  return (
    <form noValidate onSubmit={submit} className={classes.roleForm}>
      <NativeSelect
        aria-label={`Role of ${name}`}
        size="xs"
        value={role}
        onChange={(event) => setRole(event.currentTarget.value as RoleName)}
        disabled={busy}
        data={roles.map((r) => ({ value: r, label: roleLabel(r) }))}
      />
      <Button
        type="submit"
        size="xs"
        variant="default"
        disabled={busy || role === member.roleName}
        aria-label={`Change the role of ${name}`}
      >
        Change
      </Button>
    </form>
  );
}
