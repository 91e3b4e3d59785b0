/** The texts of the e-mails and SMS the account calls send (the business area speaks English). */
export function confirmationEmail(firstName: string, link: string, validHours: number) {
  return {
    subject: 'Confirm your Coran-Hadith account',
    text: [
      `Hello ${firstName},`,
      '',
      'Your account has been created. Please confirm your e-mail address by opening this link:',
      link,
      '',
      `The link is valid for ${validHours} hours and can be used once.`,
      'If you did not create this account, you can ignore this e-mail.',
    ].join('\n'),
  };
}

export function passwordResetEmail(firstName: string, link: string, validMinutes: number) {
  return {
    subject: 'Reset your Coran-Hadith password',
    text: [
      `Hello ${firstName},`,
      '',
      'We received a request to reset your password. To choose a new one, open this link:',
      link,
      '',
      `The link is valid for ${validMinutes} minutes and can be used once.`,
      'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
    ].join('\n'),
  };
}

export function verificationCodeSms(code: string, validMinutes: number) {
  return `Coran-Hadith verification code: ${code}. It expires in ${validMinutes} minutes. Never share it.`;
}

/** What changed on an account, as the notice to its address names it. */
export const CHANGE_NAMES = {
  EMAIL: 'the e-mail address',
  PHONE: 'the phone number',
  PASSWORD: 'the password',
  MFA: 'the second step of login (multi-factor authentication)',
} as const;

export function changeNoticeEmail(
  firstName: string,
  change: keyof typeof CHANGE_NAMES,
  reportLink: string,
  validDays: number,
) {
  const what = CHANGE_NAMES[change];
  return {
    subject: `Your Coran-Hadith account: ${what} changed`,
    text: [
      `Hello ${firstName},`,
      '',
      `${what.charAt(0).toUpperCase()}${what.slice(1)} of your account has just been changed.`,
      'If it was you, there is nothing to do.',
      '',
      "If it wasn't you, open this link: your account will be locked and signed out everywhere at once,",
      'and you can then get back in by resetting your password:',
      reportLink,
      '',
      `The link is valid for ${validDays} days and can be used once.`,
    ].join('\n'),
  };
}

export function emailChangeEmail(firstName: string, link: string, validHours: number) {
  return {
    subject: 'Confirm your new Coran-Hadith e-mail address',
    text: [
      `Hello ${firstName},`,
      '',
      'You asked to use this address for your Coran-Hadith account. To confirm it, open this link:',
      link,
      '',
      `The link is valid for ${validHours} hours and can be used once. Until then, your account keeps its former address.`,
      'If you did not ask for this, you can ignore this e-mail.',
    ].join('\n'),
  };
}
