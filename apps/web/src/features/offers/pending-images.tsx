import { LIMITS } from '@loyalty/contract/constants';
import { ActionIcon, Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { IconPhotoPlus, IconX } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_ACCEPT } from '../../components/image-upload';
import { toast } from '../../lib/toast';

/** Images chosen with a new offer, uploaded right after it is created (at most 5). */
export function PendingImages({ files, onChange }: { files: File[]; onChange: (files: File[]) => void }) {
  const { t } = useTranslation();
  const urls = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(
    () => () => {
      for (const u of urls) URL.revokeObjectURL(u);
    },
    [urls],
  );

  const add = (picked: File[]) => {
    if (files.length + picked.length > LIMITS.offerImagesMax) return toast.error('msg.maxImages');
    if (picked.some((f) => f.size > LIMITS.imageMaxBytes)) return toast.error('msg.payloadTooLarge');
    onChange([...files, ...picked]);
  };

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {t('offers.images')}
      </Text>
      <Group gap="xs">
        {files.map((f, i) => (
          <div key={urls[i]} style={{ position: 'relative' }}>
            <Image src={urls[i]} alt={f.name} w={64} h={64} width={64} height={64} radius="sm" fit="cover" />
            <ActionIcon
              size="xs"
              radius="xl"
              color="red"
              style={{ position: 'absolute', insetBlockStart: -6, insetInlineEnd: -6 }}
              aria-label={t('offers.removeImage', { name: f.name })}
              onClick={() => onChange(files.filter((_, j) => j !== i))}
            >
              <IconX size={12} />
            </ActionIcon>
          </div>
        ))}
        <FileButton onChange={add} accept={IMAGE_ACCEPT} multiple>
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconPhotoPlus size={18} aria-hidden />}
              disabled={files.length >= LIMITS.offerImagesMax}
            >
              {t('offers.chooseImages')}
            </Button>
          )}
        </FileButton>
      </Group>
      <Text size="xs" c="dimmed">
        {t('offers.imagesHint', { max: LIMITS.offerImagesMax })}
      </Text>
    </Stack>
  );
}
