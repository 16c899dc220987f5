import { zodResolver } from '@hookform/resolvers/zod';
import type { Offer } from '@loyalty/contract';
import { addOfferBody, offerBody, offerEndOk, offerQuantityOk } from '@loyalty/contract/endpoints/offers';
import { Button, MultiSelect, NumberInput, Progress, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date-field';
import { applyServerErrors, useFieldError } from '../../lib/form-errors';
import { todayIso, toUsDate } from '../../lib/format';
import { localized } from '../../lib/localized';
import { useBranchList } from '../../lib/queries/branches';
import { useTagList } from '../../lib/queries/tags';
import { fieldIsValid } from '../../lib/schema';
import { useAddOffer, useUpdateOffer, useUploadOfferImages } from './api';
import { PendingImages } from './pending-images';

const FIELDS = Object.keys(addOfferBody.shape);

/**
 * The contract's offer rules, and what the form refuses before the server does (issue 8): an offer
 * none of which is available, and one that has already ended. An existing offer may keep the
 * quantity and end date it has (sold out, expired) while other fields change.
 */
export const offerSchema = (original?: Pick<Offer, 'availableNumberOfOffers' | 'endDate'>) =>
  offerBody
    .refine((v) => offerQuantityOk(v.availableNumberOfOffers, original), {
      path: ['availableNumberOfOffers'],
      message: 'atLeastOne',
      when: fieldIsValid('availableNumberOfOffers'),
    })
    .refine((v) => offerEndOk(v.endDate, original), {
      path: ['endDate'],
      message: 'endDateInPast',
      when: fieldIsValid('endDate'),
    });

/**
 * Add or update an offer: branches and tags, both languages' title and description (30 to 300
 * characters), price, points, quantity and dates, validated by the contract's schema (SPEC §5).
 * A new offer may bring up to 5 images, uploaded once it exists.
 */
export function OfferForm({ offer, onDone }: { offer?: Offer; onDone: (o: Offer) => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const branches = useBranchList();
  const tags = useTagList();
  const add = useAddOffer();
  const update = useUpdateOffer();
  const upload = useUploadOfferImages();
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const { register, control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(offerSchema(offer)),
    mode: 'onTouched',
    defaultValues: {
      title: offer?.title ?? '',
      titleAr: offer?.titleAr ?? '',
      description: offer?.description ?? '',
      descriptionAr: offer?.descriptionAr ?? '',
      price: (offer?.price ?? '') as number | string,
      points: (offer?.points ?? '') as number | string,
      availableNumberOfOffers: (offer?.availableNumberOfOffers ?? '') as number | string,
      startDate: offer?.startDate ?? '',
      endDate: offer?.endDate ?? '',
      branchsIds: offer?.branchsIds ?? ([] as number[]),
      tagsIds: offer?.tagsIds ?? ([] as number[]),
    },
  });
  const { errors } = formState;
  const pending = add.isPending || update.isPending || upload.isPending;

  const onError = (e: unknown) => applyServerErrors(e, setError, FIELDS);

  const onSubmit = handleSubmit((v) => {
    if (offer) {
      update.mutate(
        { ...v, offerId: offer.id, startDate: toUsDate(v.startDate), endDate: toUsDate(v.endDate) },
        { onSuccess: onDone, onError },
      );
      return;
    }
    add.mutate(v, {
      onError,
      onSuccess: async (created) => {
        if (files.length === 0) return onDone(created);
        setProgress(0);
        try {
          onDone(await upload.mutateAsync({ offerId: created.id, files, onProgress: setProgress, newOffer: true }));
        } catch {
          // the offer exists; its images can be added from its details screen
          onDone(created);
        } finally {
          setProgress(null);
        }
      },
    });
  });

  const numberField = (name: 'price' | 'points' | 'availableNumberOfOffers', decimals: boolean) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <NumberInput
          label={t(`offers.${name}`)}
          required
          min={0}
          // a typed -5 stays -5 and is refused with a message, never silently turned into 0
          clampBehavior="none"
          dir="ltr"
          allowDecimal={decimals}
          decimalScale={decimals ? 2 : 0}
          name={field.name}
          value={field.value as number | string}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldError(errors[name])}
        />
      )}
    />
  );

  const dateField = (name: 'startDate' | 'endDate', minDate?: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <DateField
          label={t(`offers.${name}`)}
          name={field.name}
          value={field.value as string}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldError(errors[name])}
          minDate={minDate}
          required
        />
      )}
    />
  );

  const picker = (name: 'branchsIds' | 'tagsIds', data: { value: string; label: string }[]) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <MultiSelect
          label={t(`offers.${name}`)}
          required
          data={data}
          name={field.name}
          value={(field.value as number[]).map(String)}
          onChange={(vals) => field.onChange(vals.map(Number))}
          onBlur={field.onBlur}
          error={fieldError(errors[name])}
          searchable
          comboboxProps={{ withinPortal: true }}
        />
      )}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        {picker(
          'branchsIds',
          (branches.data?.rows ?? []).map((b) => ({ value: String(b.id), label: localized(b, 'branchName') })),
        )}
        {picker(
          'tagsIds',
          (tags.data?.rows ?? []).map((tag) => ({ value: String(tag.id), label: tag.name })),
        )}
        <TextInput
          label={t('offers.title')}
          required
          dir="auto"
          {...register('title')}
          error={fieldError(errors.title)}
        />
        <TextInput
          label={t('offers.titleAr')}
          required
          dir="rtl"
          lang="ar"
          {...register('titleAr')}
          error={fieldError(errors.titleAr)}
        />
        <Textarea
          label={t('offers.description')}
          required
          dir="auto"
          autosize
          minRows={2}
          description={t('offers.descriptionHint')}
          {...register('description')}
          error={fieldError(errors.description)}
        />
        <Textarea
          label={t('offers.descriptionAr')}
          required
          autosize
          minRows={2}
          dir="rtl"
          lang="ar"
          description={t('offers.descriptionHint')}
          {...register('descriptionAr')}
          error={fieldError(errors.descriptionAr)}
        />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          {numberField('price', true)}
          {numberField('points', false)}
          {numberField('availableNumberOfOffers', false)}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {dateField('startDate')}
          {dateField('endDate', todayIso())}
        </SimpleGrid>
        {!offer && <PendingImages files={files} onChange={setFiles} />}
        {progress !== null && <Progress value={progress} animated aria-label={t('common.uploadProgress')} />}
        <Button type="submit" loading={pending}>
          {offer ? t('common.save') : t('offers.add')}
        </Button>
      </Stack>
    </form>
  );
}
