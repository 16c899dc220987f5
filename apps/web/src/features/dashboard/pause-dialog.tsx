import { Button, Modal, Select, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSlideIn } from '../../lib/deferred';

const MINUTES = ['15', '30', '45', '60', '90', '120', '180', '240'];

/** Pausing a branch: for how long and why (issue 26, point 2); both are needed. */
export function PauseDialog({
  opened,
  openedAtStart,
  pending,
  onClose,
  onPause,
}: {
  opened: boolean;
  openedAtStart: boolean;
  pending: boolean;
  onClose: () => void;
  onPause: (minutes: string, reason: string, paused: () => void) => void;
}) {
  const { t } = useTranslation();
  const [minutes, setMinutes] = useState<string | null>('30');
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const shown = useSlideIn(opened, openedAtStart);
  const submit = () => {
    if (!reason.trim() || !minutes) return setMissing(true);
    // cleared once paused; a refused pause keeps what was typed
    onPause(minutes, reason.trim(), () => {
      setReason('');
      setMissing(false);
    });
  };
  return (
    <Modal opened={shown} onClose={onClose} title={t('dashboard.busy.pauseTitle')}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Select
            label={t('dashboard.busy.minutes')}
            data={MINUTES.map((m) => ({ value: m, label: t('dashboard.busy.minutesValue', { count: Number(m) }) }))}
            value={minutes}
            onChange={setMinutes}
            allowDeselect={false}
          />
          <Textarea
            label={t('dashboard.busy.reason')}
            value={reason}
            maxLength={200}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={missing && !reason.trim() ? t('msg.required') : undefined}
          />
          <Button type="submit" color="orange" loading={pending}>
            {t('dashboard.busy.pauseConfirm')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
