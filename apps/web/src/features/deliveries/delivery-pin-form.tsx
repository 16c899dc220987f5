import { Alert, Button, Group, PinInput, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';

/** The server's word on the code (422 on `pin`, 409 locked), else nothing. */
export const pinErrorOf = (e: unknown): string | undefined => {
  if (!(e instanceof ApiError)) return undefined;
  if (e.status === 409) return e.message;
  return e.errors.find((x) => x.field === 'pin')?.message;
};

/**
 * Complete Delivery asks for the customer's 4-digit code (issue 26, proof of delivery): the
 * customer reads it in their app; a wrong one is refused by the server and shown under the field.
 */
export function DeliveryPinForm({
  loading,
  error,
  onConfirm,
}: {
  loading: boolean;
  error?: string;
  onConfirm: (pin: string) => void;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [pin, setPin] = useState('');
  const [missing, setMissing] = useState(false);
  if (!asking)
    return (
      <Button
        color="teal"
        leftSection={<IconCircleCheck size={16} />}
        loading={loading}
        onClick={() => setAsking(true)}
      >
        {t('deliveries.complete')}
      </Button>
    );
  const submit = () => {
    if (!/^\d{4}$/.test(pin)) return setMissing(true);
    setMissing(false);
    onConfirm(pin);
  };
  const shown = missing ? t('deliveries.pinRequired') : error;
  return (
    <Alert color="teal" icon={<IconCircleCheck />} title={t('deliveries.confirmTitle')} data-testid="confirm-delivered">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm" id="delivery-pin-label">
            {t('deliveries.pinLabel')}
          </Text>
          <Group justify="center" dir="ltr">
            <PinInput
              length={4}
              type="number"
              inputMode="numeric"
              oneTimeCode
              value={pin}
              onChange={setPin}
              error={Boolean(shown)}
              aria-label={t('deliveries.pinLabel')}
              data-testid="delivery-pin"
            />
          </Group>
          {shown && (
            <Text size="sm" c="red" role="alert" data-testid="pin-error">
              {shown}
            </Text>
          )}
          <Group gap="sm" grow>
            <Button variant="default" onClick={() => setAsking(false)}>
              {t('deliveries.notYet')}
            </Button>
            <Button color="teal" type="submit" loading={loading} data-autofocus={false}>
              {t('deliveries.confirmDelivered')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Alert>
  );
}
