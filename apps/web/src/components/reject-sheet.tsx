import { rejectBody } from '@loyalty/contract/endpoints/reject';
import { Button, Radio, Stack, Textarea } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldError } from '../lib/form-errors';
import { BottomSheet } from './bottom-sheet';

/** Preset reasons (their text is sent in the caller's language); `other` asks for free text. */
export const REJECT_PRESETS = ['customerAbsent', 'unavailable', 'outOfStock', 'duplicate', 'other'] as const;
type Preset = (typeof REJECT_PRESETS)[number];

const reasonSchema = rejectBody.shape.reason;

export interface RejectSheetProps {
  opened: boolean;
  onClose: () => void;
  /** Sends the reason; resolves when done, rejects with the server's refusal. */
  onReject: (reason: string) => Promise<unknown>;
  loading: boolean;
  /** Which presets apply (an offer request has no stock). */
  presets?: readonly Preset[];
}

/**
 * Reject with a reason (docs/domain.md "Rejected requests"): a preset, or Other with free text; an
 * optional note is added to a preset. The reason is checked with the contract's rule (required,
 * at most REJECT_REASON_MAX characters) before it is sent.
 */
export function RejectSheet({ opened, onClose, onReject, loading, presets = REJECT_PRESETS }: RejectSheetProps) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const [preset, setPreset] = useState<Preset>(presets[0]);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const text = note.trim();
    const reason =
      preset === 'other' ? text : text ? `${t(`reject.presets.${preset}`)}: ${text}` : t(`reject.presets.${preset}`);
    const checked = reasonSchema.safeParse(reason);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    onReject(checked.data).then(
      () => {
        setNote('');
        onClose();
      },
      (err: unknown) => setError(err instanceof Error ? err.message : String(err)),
    );
  };

  return (
    <BottomSheet opened={opened} onClose={onClose} title={t('reject.title')}>
      <form onSubmit={submit} noValidate aria-label={t('reject.title')}>
        <Stack gap="sm">
          <Radio.Group
            label={t('reject.reasonLabel')}
            value={preset}
            onChange={(v) => setPreset(v as Preset)}
            data-testid="reject-presets"
          >
            <Stack gap={6} mt={6}>
              {presets.map((p) => (
                <Radio key={p} value={p} label={t(`reject.presets.${p}`)} />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label={preset === 'other' ? t('reject.otherLabel') : t('reject.noteLabel')}
            autosize
            minRows={2}
            maxLength={300}
            required={preset === 'other'}
            dir="auto"
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            error={fieldError(error ? { message: error } : undefined)}
            data-testid="reject-text"
          />
          <Button type="submit" color="red" loading={loading} leftSection={<IconX size={16} aria-hidden />}>
            {t('reject.confirm')}
          </Button>
        </Stack>
      </form>
    </BottomSheet>
  );
}
