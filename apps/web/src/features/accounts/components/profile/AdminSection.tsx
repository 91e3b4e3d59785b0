import { useState, type FormEvent } from 'react';
import { Button, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ProfileAnswer, Role, RoleName, UpdateSettingsRequest, User } from '@app/contracts';
import { forgetApiAnswers } from '../../../../lib/http/cache-policy';
import { notify } from '../../../../lib/notify';
import { tokenStore } from '../../../../lib/session/token-store';
import {
  describeSettings,
  ownRoleChangeWarning,
  ownSettingsWarning,
  parseUserId,
} from '../../administration';
import { updateRole, updateSettings } from '../../profile-api';
import { assignableRoles, roleLabel } from '../../../../lib/roles';
import { useFormError } from '../../../../lib/error-notice';
import { useShowOwnProfile } from '../../use-own-profile';
import { ErrorBanner } from '../../../../components/FormBanners';
import { ProfileSection } from './ProfileSection';
import { RoleForm } from './RoleForm';
import { SettingsForm } from './SettingsForm';
import { useConfirmation } from '../../../../components/use-confirmation';
import classes from './profile.module.css';

/**
 * Whose account the changes go to: one's own, or another user named by ID. There is no call to read
 * another user (nor to list users), so such a user is known only from the answer to a first change.
 */
type Target = { kind: 'self' } | { kind: 'other'; id: number; user?: User };

type Props = { me: User; roles: Role[] };

function nameOf(user: User): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

/**
 * Administration, for ROLE_ADMIN and ROLE_SYSADMIN only (the page does not render it for other roles; the
 * server refuses them anyway): a role and the Enabled / Not locked settings, for oneself or another user
 * (`?userId=`). Locking, disabling or demoting oneself is confirmed first.
 */
export function AdminSection({ me, roles }: Props) {
  const [target, setTarget] = useState<Target>({ kind: 'self' });
  const [idText, setIdText] = useState('');
  const [idError, setIdError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const report = useFormError();
  const confirmation = useConfirmation();
  const showOwnProfile = useShowOwnProfile();
  const client = useQueryClient();

  const isSelf = target.kind === 'self';
  const known: User | undefined = isSelf ? me : target.user;
  const userId = isSelf ? undefined : target.id;

  const load = (event: FormEvent) => {
    event.preventDefault();
    const id = parseUserId(idText);
    if (id === undefined) {
      setIdError('Enter a user ID: a whole number above 0');
      return;
    }
    setIdError(undefined);
    report.clear();
    setTarget(id === me.id ? { kind: 'self' } : { kind: 'other', id });
  };

  const backToMe = () => {
    report.clear();
    setIdText('');
    setTarget({ kind: 'self' });
  };

  /** Sends one change; the answer is the changed account, which becomes what the forms show. */
  const apply = async (call: () => Promise<ProfileAnswer>, endsOwnSession = false) => {
    setBusy(true);
    report.clear();
    try {
      const answer = await call();
      notify('success', answer.message);
      const user = answer.data?.user;
      if (isSelf) {
        showOwnProfile(answer);
        if (endsOwnSession) {
          // The server has ended every session of the account, this one included: forget it here too
          // (the guard then opens /login).
          tokenStore.clear();
          forgetApiAnswers(client);
          notify('info', 'Your account can no longer log in: you have been signed out.');
        }
      } else if (user) {
        // Whom the change reached, as the server answers: shown below the user ID.
        setTarget({ kind: 'other', id: user.id, user });
      }
    } catch (error) {
      report.show(error);
    } finally {
      setBusy(false);
    }
  };

  const changeRole = async (role: RoleName) => {
    const warning = isSelf ? ownRoleChangeWarning(me.roleName, role) : undefined;
    if (
      warning &&
      !(await confirmation.ask({
        title: `Make yourself ${roleLabel(role)}?`,
        message: warning,
        confirmLabel: 'Change my role',
        danger: true,
      }))
    )
      return;
    await apply(() => updateRole(role, userId));
  };

  const saveSettings = async (settings: UpdateSettingsRequest) => {
    const warning = isSelf ? ownSettingsWarning(settings) : undefined;
    if (
      warning &&
      !(await confirmation.ask({
        title: 'Lock yourself out?',
        message: warning,
        confirmLabel: 'Save and sign out',
        danger: true,
      }))
    )
      return;
    await apply(() => updateSettings(settings, userId), warning !== undefined);
  };

  // The forms start again from the account's known state whenever it changes or another account is chosen.
  const formKey = `${isSelf ? 'me' : target.id}:${known?.roleName ?? '?'}:${known?.enabled ?? '?'}:${known?.notLocked ?? '?'}`;

  return (
    <ProfileSection
      title="Administration"
      description="Give a role, or enable, disable, lock or unlock an account: yours, or another user's by their ID."
    >
      <ErrorBanner error={report.error} onClose={report.clear} />
      <form noValidate onSubmit={load} className={classes.target} aria-label="Choose the account">
        <TextInput
          className={classes.targetInput}
          label="User ID"
          inputMode="numeric"
          autoComplete="off"
          value={idText}
          onChange={(event) => {
            setIdText(event.currentTarget.value);
            setIdError(undefined);
          }}
          error={idError}
          disabled={busy}
        />
        <Button type="submit" variant="default" disabled={busy}>
          Load
        </Button>
        {!isSelf && (
          <Button type="button" variant="subtle" onClick={backToMe} disabled={busy}>
            Back to my account
          </Button>
        )}
      </form>
      <Text mt="sm" mb="md" role="status">
        {isSelf
          ? `Changes apply to your own account (${nameOf(me)}, user #${me.id}).`
          : target.user
            ? `Changes apply to ${nameOf(target.user)} (${target.user.email}), user #${target.id}: now ${roleLabel(target.user.roleName)}, ${describeSettings(target.user)}.`
            : `Changes apply to user #${target.id}. Their name and current settings show after your first change: the server has no call to look a user up.`}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl" key={formKey}>
        <RoleForm
          roles={assignableRoles(me.roleName, roles)}
          current={known?.roleName}
          busy={busy}
          onSubmit={(role) => void changeRole(role)}
        />
        <SettingsForm
          current={known ? { enabled: known.enabled, notLocked: known.notLocked } : undefined}
          busy={busy}
          onSubmit={(settings) => void saveSettings(settings)}
        />
      </SimpleGrid>
      {confirmation.dialog}
    </ProfileSection>
  );
}
