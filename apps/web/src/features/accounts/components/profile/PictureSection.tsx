import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { Button, FileButton, Group, Text } from '@mantine/core';
import type { User } from '@app/contracts';
import { notify } from '../../../../lib/notify';
import { updatePicture } from '../../profile-api';
import { PICTURE_ACCEPT, pictureProblem } from '../../profile-picture';
import { useFormError } from '../../../../lib/error-notice';
import { useShowOwnProfile } from '../../use-own-profile';
import { ErrorBanner } from '../../../../components/FormBanners';
import { ProfilePicture } from './ProfilePicture';
import { ProfileSection } from './ProfileSection';
import classes from './profile.module.css';

const PICTURE_SIZE = 88;

/**
 * The chosen file, shown from a local address that is released when another file is chosen or the preview
 * goes. The address is given to the image directly: it belongs to this element's lifetime only.
 */
function ChosenPicture({ file }: { file: File }) {
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const url = URL.createObjectURL(file);
    if (image.current) image.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return (
    <span className={classes.picture} style={{ '--picture-size': `${PICTURE_SIZE}px` } as CSSProperties}>
      <img ref={image} alt="Preview of the new picture" />
    </span>
  );
}

/**
 * Profile picture → PATCH /user/update/image (multipart field `image`). The file is checked and shown
 * before it is sent; once saved, the new picture shows here, in the summary and in the signed-in bar.
 */
export function PictureSection({ user }: { user: User }) {
  const [file, setFile] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  const report = useFormError();
  const showOwnProfile = useShowOwnProfile();
  const resetChooser = useRef<() => void>(null);

  const choose = (chosen: File | null) => {
    report.clear();
    // Forgets the choice in the file input, so choosing the same file again is noticed.
    resetChooser.current?.();
    if (!chosen) return;
    const problem = pictureProblem(chosen);
    if (problem) {
      setFile(null);
      report.show(new Error(problem));
      return;
    }
    setFile(chosen);
  };

  const upload = async () => {
    if (!file || saving) return;
    setSaving(true);
    report.clear();
    try {
      const answer = await updatePicture(file);
      showOwnProfile(answer);
      notify('success', answer.message);
      setFile(null);
    } catch (error) {
      report.show(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <ProfileSection title="Profile picture" description="A PNG, JPEG or WebP image of up to 2 MB.">
      <ErrorBanner error={report.error} onClose={report.clear} />
      <div className={classes.pictureRow}>
        {file ? (
          <ChosenPicture file={file} />
        ) : (
          <ProfilePicture
            user={user}
            size={PICTURE_SIZE}
            alt={user.imageUrl ? 'Your current picture' : 'No picture yet: your initials are shown'}
          />
        )}
        <Group gap="sm">
          {file ? (
            <>
              <Button onClick={() => void upload()} disabled={saving}>
                {saving ? 'Uploading...' : 'Upload picture'}
              </Button>
              <Button variant="default" onClick={() => setFile(null)} disabled={saving}>
                Cancel
              </Button>
            </>
          ) : (
            <FileButton onChange={choose} accept={PICTURE_ACCEPT} resetRef={resetChooser}>
              {(props) => (
                <Button variant="default" {...props}>
                  Choose a picture
                </Button>
              )}
            </FileButton>
          )}
        </Group>
      </div>
      {file && (
        <Text size="sm" mt="sm" role="status">
          {`Preview of ${file.name}: upload it to make it your picture.`}
        </Text>
      )}
    </ProfileSection>
  );
}
