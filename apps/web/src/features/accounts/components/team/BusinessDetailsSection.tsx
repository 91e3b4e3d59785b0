import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, FileButton, Group, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { ADDRESS_LINES_MAX, LOGO_MAX_BYTES, LogoSchema, type BusinessDetailsData } from '@app/contracts';
import { ErrorBanner } from '../../../../components/FormBanners';
import { ScreenStateView } from '../../../../components/ScreenStateView';
import { answerScreen } from '../../../../lib/answer-screen';
import { notify } from '../../../../lib/notify';
import { useForm } from '../../../../lib/use-form';
import { useFormSubmit } from '../../../../lib/use-form-submit';
import { useNotifiedError } from '../../../../lib/use-notified-error';
import { businessDetailsQuery, saveBusinessDetails } from '../../organisation-api';
import { ProfileSection } from '../profile/ProfileSection';
import { BusinessDetailsFormSchema, businessDetailsValues } from './business-details-form';
import { InvoiceRemindersForm } from './InvoiceRemindersForm';
import classes from './team.module.css';

/** A chosen file as a data: URL, the logo's form in the request and the answers. */
function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** The 'from' block as a form: owners change it; every other member reads it with the fields disabled. */
function BusinessDetailsForm({ details, editable }: Pick<BusinessDetailsData, 'details' | 'editable'>) {
  const form = useForm(BusinessDetailsFormSchema, businessDetailsValues(details));
  const [logo, setLogo] = useState(details.logo);
  const [logoError, setLogoError] = useState<string | null>(null);
  const logoId = useId();
  const { submit, busy, report } = useFormSubmit(
    editable && form.valid && logoError === null,
    async () => {
      if (!form.data) return;
      const { address, ...fields } = form.data;
      const answer = await saveBusinessDetails({ ...fields, addressLines: address, logo });
      notify('success', answer.message);
      if (answer.data) {
        form.reset(businessDetailsValues(answer.data.details));
        setLogo(answer.data.details.logo);
      }
    },
    { stays: true },
  );
  const locked = !editable || busy;

  const changeLogo = (next: string | null) => {
    setLogo(next);
    // A new or removed logo is a change to save, as a typed field is.
    form.set({});
  };
  const chooseLogo = async (file: File | null) => {
    if (!file) return;
    const checked = LogoSchema.safeParse(await readAsDataUrl(file));
    if (!checked.success) {
      setLogoError(checked.error.issues[0]?.message ?? 'The logo must be a PNG or JPEG image');
      return;
    }
    setLogoError(null);
    changeLogo(checked.data);
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Business details" aria-busy={busy}>
      <ErrorBanner error={report.error} onClose={report.clear} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          {...form.field('name')}
          label="Business name"
          required
          disabled={locked}
          autoComplete="organization"
        />
        <TextInput
          {...form.field('billingEmail')}
          label="Billing e-mail"
          type="email"
          disabled={locked}
          autoComplete="email"
        />
        <Textarea
          {...form.field('address')}
          label="Address"
          description={`One line per line, at most ${ADDRESS_LINES_MAX}`}
          autosize
          minRows={2}
          disabled={locked}
          autoComplete="street-address"
        />
        <TextInput {...form.field('website')} label="Website" disabled={locked} autoComplete="url" />
        <TextInput {...form.field('phone')} label="Phone" type="tel" disabled={locked} autoComplete="tel" />
        <TextInput {...form.field('fax')} label="Fax" type="tel" disabled={locked} autoComplete="off" />
      </SimpleGrid>
      <Text fw={500} size="sm" mt="md" id={logoId}>
        Logo
      </Text>
      <Text size="xs" c="dimmed" mb={4} id={`${logoId}-rules`}>
        PNG or JPEG, at most {LOGO_MAX_BYTES / 1024} KB
      </Text>
      <Group align="center" gap="md">
        {logo && <img className={classes.logoPreview} src={logo} alt="The logo printed on the invoices" />}
        <FileButton
          onChange={(file) => void chooseLogo(file)}
          accept="image/png,image/jpeg"
          disabled={locked}
        >
          {(props) => (
            <Button
              {...props}
              variant="default"
              disabled={locked}
              aria-describedby={`${logoId} ${logoId}-rules`}
            >
              {logo ? 'Choose another image' : 'Choose an image'}
            </Button>
          )}
        </FileButton>
        {logo && (
          <Button variant="default" onClick={() => changeLogo(null)} disabled={locked}>
            Remove logo
          </Button>
        )}
      </Group>
      {logoError && (
        <Text c="red.8" size="sm" mt={4} role="alert">
          {logoError}
        </Text>
      )}
      {editable && (
        <Button type="submit" mt="md" disabled={busy || !form.valid || !form.edited || logoError !== null}>
          {busy ? 'Saving...' : 'Save details'}
        </Button>
      )}
    </form>
  );
}

/**
 * Who the organisation's invoices are from (issue 24): name, address, phone, fax, website, billing e-mail and logo,
 * printed on each invoice as written. Owners change them; until they do, the invoices print the organisation's
 * name alone, never a sample.
 */
export function BusinessDetailsSection() {
  const query = useQuery(businessDetailsQuery());
  useNotifiedError(query.error);
  return (
    <ProfileSection
      title="Business details"
      description="Who your invoices are from: printed on each invoice and its PDF exactly as written here."
    >
      <ScreenStateView
        screen={answerScreen<BusinessDetailsData>(query)}
        loadingLabel="Loading the business details"
      >
        {({ details, reminders, editable }) => (
          <>
            {!editable && (
              <Text size="sm" c="dimmed" mb="sm">
                Only an owner of the organisation can change them.
              </Text>
            )}
            <BusinessDetailsForm details={details} editable={editable} />
            <InvoiceRemindersForm reminders={reminders} editable={editable} />
          </>
        )}
      </ScreenStateView>
    </ProfileSection>
  );
}
