import type { Offer } from '@loyalty/contract';
import { LIMITS } from '@loyalty/contract/constants';
import { Group, Image, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '../../components/image-upload';
import { imageUrl } from '../../lib/api';
import { useUploadOfferImages } from './api';

/** The offer's images; merchants add more, up to 5 in all, with a progress percentage. */
export function OfferImages({ offer, canUpload }: { offer: Offer; canUpload: boolean }) {
  const { t } = useTranslation();
  const upload = useUploadOfferImages();
  const images = offer.images ?? [];
  const left = LIMITS.offerImagesMax - images.length;
  return (
    <Stack gap="xs">
      <Text fw={600}>{t('offers.imagesCount', { count: images.length, max: LIMITS.offerImagesMax })}</Text>
      {images.length > 0 && (
        <Group gap="xs">
          {images.map((p, i) => (
            <Image
              key={p}
              src={imageUrl(p)}
              alt={t('offers.imageN', { n: i + 1 })}
              w={72}
              h={72}
              width={72}
              height={72}
              loading="lazy"
              decoding="async"
              radius="sm"
              fit="cover"
              data-testid="offer-image"
            />
          ))}
        </Group>
      )}
      {canUpload && (
        <ImageUpload
          label={t('offers.uploadImages')}
          max={left}
          tooManyKey="msg.maxImages"
          disabled={left < 1}
          upload={(files, onProgress) => upload.mutateAsync({ offerId: offer.id, files, onProgress })}
        />
      )}
    </Stack>
  );
}
