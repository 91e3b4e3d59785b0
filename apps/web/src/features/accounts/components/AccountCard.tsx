import type { ReactNode } from 'react';
import { Anchor, Paper } from '@mantine/core';
import { Link } from 'react-router';
import classes from './accounts.module.css';
import { PATHS } from '../../../lib/paths';

/**
 * The frame of every account screen. The business area speaks English on a French site: lang="en" lets
 * screen readers pronounce it as such.
 */
export function AccountCard({ children, centered = false }: { children: ReactNode; centered?: boolean }) {
  return (
    <div lang="en" className={classes.area}>
      <Paper
        withBorder
        shadow="sm"
        radius="md"
        p={{ base: 'md', sm: 'xl' }}
        className={centered ? `${classes.card} ${classes.centered}` : classes.card}
      >
        {children}
      </Paper>
    </div>
  );
}

/** The links under a form or a result (to login, register…). */
export function AccountLinks({ children }: { children: ReactNode }) {
  return <div className={classes.links}>{children}</div>;
}

/** The way back after a result or a reset request (SPEC §2.2): to login and to register. */
export function LoginAndRegisterLinks() {
  return (
    <AccountLinks>
      <Anchor component={Link} to={PATHS.login}>
        Account Login
      </Anchor>
      <Anchor component={Link} to={PATHS.register}>
        Create an Account
      </Anchor>
    </AccountLinks>
  );
}
