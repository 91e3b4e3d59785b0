import { useFormSubmit } from '../../../../lib/use-form-submit';
import { Button, Group, Modal, Text } from '@mantine/core';
import { ErrorBanner } from '../../../../components/FormBanners';
import { useForm } from '../../../../lib/use-form';
import { CurrentPasswordFormSchema } from '../../form-schemas';
import { CurrentPasswordInput } from './CurrentPasswordInput';

export type PasswordQuestion = { title: string; message: string; confirmLabel: string };

type Props = {
  /** The question to ask, or null while the dialog is closed. */
  question: PasswordQuestion | null;
  /** Makes the change with the password typed; a refusal (a wrong password) is shown in the dialog. */
  onConfirm: (currentPassword: string) => Promise<void>;
  onClose: () => void;
};

/**
 * Asks for the current password before a change the server makes only with it (ending other sessions): a stolen
 * session alone cannot make it. The dialog closes once the change is made, and stays open on a refusal.
 */
export function PasswordConfirmDialog({ question, onConfirm, onClose }: Props) {
  return (
    <Modal
      opened={question !== null}
      onClose={onClose}
      title={question?.title}
      centered
      lang="en"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {question && <PasswordForm question={question} onConfirm={onConfirm} onClose={onClose} />}
    </Modal>
  );
}

function PasswordForm({ question, onConfirm, onClose }: Props & { question: PasswordQuestion }) {
  const form = useForm(CurrentPasswordFormSchema, { currentPassword: '' });
  // The dialog closes on success, so the form stays busy until it goes.
  const { submit, busy, report } = useFormSubmit(form.valid, async () => {
    await onConfirm(form.values.currentPassword);
    onClose();
  });

  return (
    <>
      <Text size="sm" mb="md">
        {question.message}
      </Text>
      <ErrorBanner error={report.error} onClose={report.clear} />
      <form noValidate onSubmit={submit} aria-busy={busy}>
        <CurrentPasswordInput disabled={busy} data-autofocus {...form.field('currentPassword')} />
        <Group justify="flex-end" gap="sm" mt="lg">
          <Button type="button" variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" color="red" disabled={!form.valid || busy}>
            {busy ? 'Saving...' : question.confirmLabel}
          </Button>
        </Group>
      </form>
    </>
  );
}
