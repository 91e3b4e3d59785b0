/**
 * SPEC §9: the MFA phone is shown as its last 4 digits. Separators are skipped ("+33 6 12 34 56 78" →
 * "5678"), so the digits shown are the ones the user recognises at the end of their number.
 */
export function lastFourDigits(phone: string | null | undefined): string {
  return (phone ?? '').replace(/\D/g, '').slice(-4);
}
