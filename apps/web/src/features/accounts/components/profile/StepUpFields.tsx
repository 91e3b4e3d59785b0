import { useRef, useState, type ChangeEvent } from 'react';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { LOGIN_CODE_MAX_LENGTH, MFA_CODE_LENGTH, type User } from '@app/contracts';
import { notify } from '../../../../lib/notify';
import { lastFourDigits } from '../../phone';
import { sendStepUpCode } from '../../profile-api';
import type { ChangeFactor } from '../../use-change-factor';
import { useForm } from '../../../../lib/use-form';
import { stepUpFormSchema } from '../../form-schemas';
import type { PasswordAndCodeValues } from '../../profile-values';
import { CurrentPasswordInput } from './CurrentPasswordInput';

/** The props of one of use-form's fields. */
type FieldProps = {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: () => void;
  error?: string;
};

const NO_STEP_UP: PasswordAndCodeValues = { currentPassword: '', code: '' };

/** The values of StepUpFields: the current password, and the code of the factor the change needs, if any. */
export function useStepUpForm(factor: ChangeFactor) {
  return useForm(stepUpFormSchema(factor), NO_STEP_UP);
}

type SmsCodeProps = {
  field: FieldProps;
  /** The saved phone, the one the code goes to (not one typed but not saved yet). */
  phone: string | null;
  disabled?: boolean;
  /** A refused send, shown the way the form around shows its errors. */
  onError: (error: unknown) => void;
};

/**
 * The SMS code a change of the account's keys needs when MFA is on: the user asks for it (POST
 * /user/step-up/code), which sends a fresh one each time, then types it. After a send, the code field has the focus.
 */
export function SmsCodeField({ field, phone, disabled = false, onError }: SmsCodeProps) {
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);

  const send = async () => {
    if (sending) return;
    setSending(true);
    try {
      const answer = await sendStepUpCode();
      notify('success', answer.message);
      setSent(true);
      codeInput.current?.focus();
    } catch (error) {
      onError(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="xs">
      <div>
        <Button type="button" variant="default" onClick={() => void send()} disabled={disabled || sending}>
          {sending ? 'Sending...' : 'Send me a code'}
        </Button>
      </div>
      <Text size="sm" role="status">
        {sent ? 'Code sent. Asking again sends a new one, which replaces it.' : null}
      </Text>
      <TextInput
        label="Code"
        description={`The ${MFA_CODE_LENGTH}-digit code sent by SMS to your phone number ending in ${lastFourDigits(phone)}.`}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={MFA_CODE_LENGTH}
        required
        disabled={disabled}
        ref={codeInput}
        {...field}
      />
    </Stack>
  );
}

/**
 * The code a change needs when the authenticator app is on: the app's current code, or one of the recovery codes
 * (which have letters and dashes, hence any text), as the login's app view takes.
 */
function AppCodeField({ field, disabled = false }: { field: FieldProps; disabled?: boolean }) {
  return (
    <TextInput
      label="Authenticator app code"
      description={`The ${MFA_CODE_LENGTH}-digit code of your authenticator app, or one of your recovery codes.`}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      autoComplete="one-time-code"
      maxLength={LOGIN_CODE_MAX_LENGTH}
      required
      disabled={disabled}
      {...field}
    />
  );
}

type FactorProps = SmsCodeProps & { factor: ChangeFactor };

/** The code field of the factor the change needs (useChangeFactor): the app's, the SMS one, or none. */
export function ChangeFactorField({ factor, ...props }: FactorProps) {
  if (factor === 'TOTP') return <AppCodeField field={props.field} disabled={props.disabled} />;
  if (factor === 'SMS') return <SmsCodeField {...props} />;
  return null;
}

type StepUpProps = {
  form: ReturnType<typeof useStepUpForm>;
  user: User;
  factor: ChangeFactor;
  disabled?: boolean;
  onError: (error: unknown) => void;
};

/**
 * Proof that the account's owner makes the change (the server's step-up): the current password and, with a
 * second factor on, its code. A stolen session alone does not have them.
 */
export function StepUpFields({ form, user, factor, disabled = false, onError }: StepUpProps) {
  return (
    <Stack gap="sm">
      <CurrentPasswordInput
        disabled={disabled}
        // Where a dialog puts the focus when it opens (Mantine's focus trap); nothing elsewhere.
        data-autofocus
        {...form.field('currentPassword')}
      />
      <ChangeFactorField
        factor={factor}
        field={form.field('code')}
        phone={user.phone}
        disabled={disabled}
        onError={onError}
      />
    </Stack>
  );
}
