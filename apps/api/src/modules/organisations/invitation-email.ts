/** The e-mail that carries an invitation's link (the business area speaks English). */
import type { RoleName } from '@app/contracts';

const ROLE_LABELS: Record<RoleName, string> = {
  ROLE_USER: 'User',
  ROLE_MANAGER: 'Manager',
  ROLE_ADMIN: 'Administrator',
  ROLE_SYSADMIN: 'Owner',
};

export function invitationEmail(invitation: {
  inviter: string;
  organisation: string;
  roleName: RoleName;
  link: string;
  validDays: number;
}) {
  return {
    subject: `${invitation.inviter} invites you to ${invitation.organisation} on Coran-Hadith`,
    text: [
      'Hello,',
      '',
      `${invitation.inviter} invites you to join ${invitation.organisation} as ${ROLE_LABELS[invitation.roleName]}.`,
      'To accept, open this link; you can log in with your account or create one:',
      invitation.link,
      '',
      `The link is valid for ${invitation.validDays} days and can be used once.`,
      'If you do not know this person, you can ignore this e-mail.',
    ].join('\n'),
  };
}
