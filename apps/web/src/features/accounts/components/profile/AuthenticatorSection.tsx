import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ConfirmTotpRequestSchema,
  DisableTotpRequestSchema,
  MFA_CODE_LENGTH,
  RegenerateRecoveryCodesRequestSchema,
  StartTotpRequestSchema,
  type MfaStatus,
  type MfaStatusAnswer,
  type RecoveryCodesAnswer,
  type TotpEnrolment,
} from '@app/contracts';
import { ErrorBanner } from '../../../../components/FormBanners';
import { ScreenStateView } from '../../../../components/ScreenStateView';
import { answerScreen } from '../../../../lib/answer-screen';
import { apiQueryKey } from '../../../../lib/http/cache-policy';
import { notify } from '../../../../lib/notify';
import {
  confirmTotp,
  disableTotp,
  MFA_URL,
  mfaStatusQuery,
  regenerateRecoveryCodes,
  startTotp,
} from '../../mfa-api';
import { useFormSubmit } from '../../../../lib/use-form-submit';
import { useNotifiedError } from '../../../../lib/use-notified-error';
import { useForm } from '../../../../lib/use-form';
import { ProfileSection } from './ProfileSection';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';
import { CurrentPasswordInput } from './CurrentPasswordInput';

/** What the card shows: the factor's state, or one step of a change. */
type View =
  | { kind: 'status' }
  | { kind: 'password' }
  | { kind: 'scan'; enrolment: TotpEnrolment }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'off' }
  | { kind: 'renew' };

const UNEXPECTED = 'An error occurred. Please try again.';

/** The secret in groups of four, as apps ask for it to be typed. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** The first field of a step, focused when the step appears (the view changed under the user's hands). */
function useFocusOnShow() {
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  return field;
}

type ActionsProps = { ready: boolean; busy: boolean; label: string; onCancel: () => void };

function Actions({ ready, busy, label, onCancel }: ActionsProps) {
  return (
    <Group gap="sm">
      <Button type="submit" disabled={!ready || busy}>
        {busy ? 'Checking...' : label}
      </Button>
      <Button type="button" variant="default" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
    </Group>
  );
}

/** Lets a password manager file the current password under the right account. */
const UsernameHint = ({ email }: { email: string }) => (
  <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
);

type StepProps = { email: string; onCancel: () => void };

/** A step's form: its error banner, and (`email`) the account a password manager files the password under. */
function StepForm({
  submitting,
  email,
  children,
}: {
  submitting: ReturnType<typeof useFormSubmit>;
  email?: string;
  children: ReactNode;
}) {
  const { submit, busy, report } = submitting;
  return (
    <form noValidate onSubmit={submit} aria-busy={busy}>
      <ErrorBanner error={report.error} onClose={report.clear} />
      {email === undefined ? null : <UsernameHint email={email} />}
      <Stack gap="sm">{children}</Stack>
    </form>
  );
}

/** Setting up, first step: the current password (a stolen session alone cannot add a factor). */
function PasswordStep({ email, onCancel, onStarted }: StepProps & { onStarted: (e: TotpEnrolment) => void }) {
  const field = useFocusOnShow();
  const form = useForm(StartTotpRequestSchema, { currentPassword: '' });
  const submitting = useFormSubmit(form.valid, async () => {
    const { data } = await startTotp(form.values);
    if (!data) throw new Error(UNEXPECTED);
    onStarted(data);
  });
  const { busy } = submitting;
  return (
    <StepForm submitting={submitting} email={email}>
      <CurrentPasswordInput disabled={busy} ref={field} {...form.field('currentPassword')} />
      <Actions ready={form.valid} busy={busy} label="Continue" onCancel={onCancel} />
    </StepForm>
  );
}

/** Setting up, second step: the QR code (or the key to type), then the first code the app shows. */
function ScanStep({
  enrolment,
  onCancel,
  onConfirmed,
}: {
  enrolment: TotpEnrolment;
  onCancel: () => void;
  onConfirmed: (answer: RecoveryCodesAnswer) => void;
}) {
  const field = useFocusOnShow();
  const form = useForm(ConfirmTotpRequestSchema, { code: '' });
  const submitting = useFormSubmit(form.valid, async () =>
    onConfirmed(await confirmTotp({ code: form.values.code.trim() })),
  );
  const { busy } = submitting;
  return (
    <StepForm submitting={submitting}>
      <Text size="sm">1. Scan this QR code with your authenticator app.</Text>
      <img
        src={enrolment.qrCode}
        alt="QR code to scan with your authenticator app"
        width={180}
        height={180}
      />
      <Text size="sm">
        Cannot scan it? Add the account in the app with this key (time-based):{' '}
        <Code aria-label="Key to type in the app">{grouped(enrolment.secret)}</Code>
      </Text>
      <TextInput
        label={`2. Enter the ${MFA_CODE_LENGTH}-digit code the app shows`}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={MFA_CODE_LENGTH}
        required
        disabled={busy}
        ref={field}
        {...form.field('code')}
      />
      <Actions ready={form.valid} busy={busy} label="Turn on" onCancel={onCancel} />
    </StepForm>
  );
}

/** Turning off (the app's code or a recovery code) or new recovery codes (the app's code): password and code. */
function PasswordAndCodeStep({
  email,
  onCancel,
  turnOff,
  send,
}: StepProps & {
  turnOff: boolean;
  send: (request: { currentPassword: string; code: string }) => Promise<void>;
}) {
  const field = useFocusOnShow();
  const form = useForm(turnOff ? DisableTotpRequestSchema : RegenerateRecoveryCodesRequestSchema, {
    currentPassword: '',
    code: '',
  });
  const submitting = useFormSubmit(form.valid, () =>
    send({ currentPassword: form.values.currentPassword, code: form.values.code.trim() }),
  );
  const { busy } = submitting;
  return (
    <StepForm submitting={submitting} email={email}>
      <CurrentPasswordInput disabled={busy} ref={field} {...form.field('currentPassword')} />
      <TextInput
        label={turnOff ? 'Code from the app, or a recovery code' : 'Code from the app'}
        autoComplete="one-time-code"
        required
        disabled={busy}
        {...form.field('code')}
      />
      <Actions
        ready={form.valid}
        busy={busy}
        label={turnOff ? 'Turn off' : 'Create new codes'}
        onCancel={onCancel}
      />
    </StepForm>
  );
}

function StatusView({
  status,
  onStart,
  onOff,
  onRenew,
}: {
  status: MfaStatus;
  onStart: () => void;
  onOff: () => void;
  onRenew: () => void;
}): ReactNode {
  if (!status.totp) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">Off.</Text>
        <Button onClick={onStart}>Set up an authenticator app</Button>
      </Stack>
    );
  }
  const left = status.recoveryCodesLeft;
  return (
    <Stack gap="sm" align="flex-start">
      <Text size="sm">
        {`On · ${left} recovery code${left === 1 ? '' : 's'} left.`}
        {left <= 3 ? ' Make new ones before they run out.' : ''}
      </Text>
      <Group gap="sm">
        <Button variant="default" onClick={onRenew}>
          New recovery codes
        </Button>
        <Button variant="outline" color="red" onClick={onOff}>
          Turn off
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The authenticator app (TOTP) → /api/user/mfa: set up with the password, a QR code and a first code, which
 * answers ten recovery codes shown once; turned off, or given new recovery codes, with the password and a code.
 * When it is on, a login asks for its code rather than the SMS code.
 */
export function AuthenticatorSection({ email }: { email: string }) {
  const client = useQueryClient();
  const query = useQuery(mfaStatusQuery());
  useNotifiedError(query.error);
  const [view, setView] = useState<View>({ kind: 'status' });
  const back = () => setView({ kind: 'status' });

  /** The state the change answered, on screen at once (lib/http also fetches it again, as after any write). */
  const showStatus = (status: MfaStatus) =>
    client.setQueryData(apiQueryKey(MFA_URL), { ...query.data, data: status } as MfaStatusAnswer);

  /** A change that answered recovery codes: they are shown, this once. */
  const onCodes = (answer: RecoveryCodesAnswer) => {
    if (!answer.data) throw new Error(UNEXPECTED);
    showStatus(answer.data.status);
    notify('success', answer.message);
    setView({ kind: 'codes', codes: answer.data.recoveryCodes });
  };

  const step = (() => {
    switch (view.kind) {
      case 'password':
        return (
          <PasswordStep
            email={email}
            onCancel={back}
            onStarted={(enrolment) => setView({ kind: 'scan', enrolment })}
          />
        );
      case 'scan':
        return <ScanStep enrolment={view.enrolment} onCancel={back} onConfirmed={onCodes} />;
      case 'codes':
        return <RecoveryCodesPanel email={email} codes={view.codes} onDone={back} />;
      case 'off':
        return (
          <PasswordAndCodeStep
            email={email}
            turnOff
            onCancel={back}
            send={async (request) => {
              const answer = await disableTotp(request);
              if (!answer.data) throw new Error(UNEXPECTED);
              showStatus(answer.data);
              notify('success', answer.message);
              back();
            }}
          />
        );
      case 'renew':
        return (
          <PasswordAndCodeStep
            email={email}
            turnOff={false}
            onCancel={back}
            send={async (request) => onCodes(await regenerateRecoveryCodes(request))}
          />
        );
      default:
        return undefined;
    }
  })();

  return (
    <ProfileSection
      title="Authenticator app"
      description={`A stronger second step than SMS: logging in asks for the ${MFA_CODE_LENGTH}-digit code an app on your phone shows (such as Google Authenticator, Microsoft Authenticator or 1Password), instead of the SMS code.`}
    >
      {step ?? (
        <ScreenStateView screen={answerScreen(query)} loadingLabel="Loading your authenticator app setting">
          {(status) => (
            <StatusView
              status={status}
              onStart={() => setView({ kind: 'password' })}
              onOff={() => setView({ kind: 'off' })}
              onRenew={() => setView({ kind: 'renew' })}
            />
          )}
        </ScreenStateView>
      )}
    </ProfileSection>
  );
}
