/**
 * Picks images and uploads them with a progress percentage (SPEC §7: uploads report progress).
 * The server checks the content; here we only stop what it would refuse anyway (too many, too large).
 */
import { LIMITS } from '@loyalty/contract/constants';
import { Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../lib/toast';
import { Ltr } from './ltr';

export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

export function ImageUpload({
  label,
  upload,
  max = 1,
  tooManyKey = 'msg.oneImage',
  disabled,
}: {
  label: string;
  /** Sends the files; reports progress in percent. Failures are toasted by the query client. */
  upload: (files: File[], onProgress: (percent: number) => void) => Promise<unknown>;
  /** How many files may still be added. */
  max?: number;
  tooManyKey?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);

  const onPick = async (picked: File | File[] | null) => {
    const files = picked === null ? [] : Array.isArray(picked) ? picked : [picked];
    if (files.length === 0) return;
    if (files.length > max) return toast.error(tooManyKey);
    if (files.some((f) => f.size > LIMITS.imageMaxBytes)) return toast.error('msg.payloadTooLarge');
    setProgress(0);
    try {
      await upload(files, setProgress);
    } catch {
      // the query client shows the server's message
    } finally {
      setProgress(null);
    }
  };

  return (
    <Stack gap={6}>
      <Group gap="sm">
        <FileButton
          onChange={onPick}
          accept={IMAGE_ACCEPT}
          multiple={max > 1}
          disabled={disabled || progress !== null || max < 1}
        >
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconPhotoUp size={18} aria-hidden />}
              loading={progress !== null}
            >
              {label}
            </Button>
          )}
        </FileButton>
      </Group>
      {progress !== null && (
        <Group gap="xs" wrap="nowrap" role="status" aria-live="polite">
          <Progress value={progress} flex={1} aria-label={t('common.uploadProgress')} animated />
          <Text size="sm" fw={600} data-testid="upload-progress">
            <Ltr>{progress}%</Ltr>
          </Text>
        </Group>
      )}
    </Stack>
  );
}
