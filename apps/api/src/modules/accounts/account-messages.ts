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
