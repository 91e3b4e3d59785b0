import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { PASSWORD_MIN_LENGTH } from '@app/contracts';

/**
 * The field where a person chooses a password (registering, from an invitation, after a reset, on the profile):
 * the rule said once, and the hint that lets a password manager offer a new one.
 */
export function NewPasswordInput(props: PasswordInputProps) {
  return (
    <PasswordInput
      description={`At least ${PASSWORD_MIN_LENGTH} characters`}
      autoComplete="new-password"
      required
      {...props}
    />
  );
}
