import { useId } from 'react';
import { Paper, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { User } from '@app/contracts';
import { mfaStatusQuery } from '../../mfa-api';
import { lastFourDigits } from '../../phone';
import { formatDay } from '../../profile-dates';
import { roleLabel } from '../../../../lib/roles';
import { ProfilePicture } from './ProfilePicture';
import classes from './profile.module.css';

/** The card at the top: who the account is, its role, since when, and whether logins ask for a code. */
export function ProfileSummary({ user }: { user: User }) {
  const nameId = useId();
  const name = `${user.firstName} ${user.lastName}`.trim();
  // The authenticator app is not in the user's answer: its state comes with the card's (one shared query).
  const appOn = useQuery(mfaStatusQuery()).data?.data?.totp ?? false;
  return (
    <Paper component="section" aria-labelledby={nameId} withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <div className={classes.summary}>
        <ProfilePicture user={user} />
        <div className={classes.summaryText}>
          <Title order={2} size="h3" id={nameId}>
            {name}
          </Title>
          {user.title && <Text c="dimmed">{user.title}</Text>}
          <Text className={classes.email}>{user.email}</Text>
          <dl className={classes.facts}>
            <div>
              <dt>Role</dt>
              <dd>{roleLabel(user.roleName)}</dd>
            </div>
            <div>
              <dt>Member since</dt>
              <dd>
                <time dateTime={user.createdAt}>{formatDay(user.createdAt)}</time>
              </dd>
            </div>
            <div>
              <dt>Two-step verification</dt>
              <dd>
                {appOn ? (
                  <span className={classes.tag} data-tone="on">
                    On · authenticator app
                  </span>
                ) : user.usingMfa ? (
                  <span className={classes.tag} data-tone="on">
                    On · …{lastFourDigits(user.phone)}
                  </span>
                ) : (
                  <span className={classes.tag} data-tone="off">
                    Off
                  </span>
                )}
              </dd>
            </div>
          </dl>
        </div>
      </div>
    </Paper>
  );
}
