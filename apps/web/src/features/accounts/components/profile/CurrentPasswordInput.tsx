import type { Ref } from 'react';
import { PasswordInput, type PasswordInputProps } from '@mantine/core';

type Props = Omit<PasswordInputProps, 'label' | 'autoComplete' | 'required'> & {
  ref?: Ref<HTMLInputElement>;
};

/**
 * The current password, re-entered to make a change of the account: the same label everywhere, and marked for
 * password managers as the account's current one (the change forms and dialogs of the profile).
 */
export function CurrentPasswordInput(props: Props) {
  return <PasswordInput label="Current password" autoComplete="current-password" required {...props} />;
}
