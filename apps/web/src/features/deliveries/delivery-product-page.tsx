import type { ProductRequest } from '@loyalty/contract';
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  IconBan,
  IconCircleCheck,
  IconCloudUpload,
  IconMapPin,
  IconPhone,
  IconTruckDelivery,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Amount, Bdi } from '../../components/bidi';
import { DetailScreen } from '../../components/detail-screen';
import { Ltr } from '../../components/ltr';
import { MapPicker } from '../../components/map-picker';
import { PageHeader } from '../../components/page-header';
import { Phone } from '../../components/phone';
import { formatDateTime, formatPrice } from '../../lib/format';
import { localized } from '../../lib/localized';
import { telHref } from '../../lib/phone-format';
import { useIdParam } from '../../lib/route-id';
import { useChangeDeliveryStatus, useDelivery } from './api';
import { DeliveryPinForm, pinErrorOf } from './delivery-pin-form';
import { useOutbox } from './offline-queue';
import { useSharePosition } from './share-position';

const BACK = '/availableDeliveries';

/**
 * /deliveryProduct/:id (SPEC §2, §4): one delivery of the courier with the customer's address on the
 * map (it works without tiles), a phone link to call the customer, 'Change to in Progress' while
 * pending, 'Complete Delivery' with the customer's code while in progress, and the delivered message once done.
 */
export function DeliveryProductPage() {
  const { t } = useTranslation();
  const id = useIdParam();
  const delivery = useDelivery(id);
  return (
    <DetailScreen id={id} query={delivery} title={t('screens.deliveryProduct')} back={BACK}>
      {(r) => <Delivery r={r} />}
    </DetailScreen>
  );
}

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md" align="flex-start">
      <Text component="dt" size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text component="dd" size="sm" fw={600} m={0} ta="end">
        {children}
      </Text>
    </Group>
  );
}

function Delivery({ r }: { r: ProductRequest }) {
  const { t } = useTranslation();
  const change = useChangeDeliveryStatus();
  const a = r.UserAddress?.Address;
  const point = a && a.lat !== null && a.long !== null ? { lat: a.lat, long: a.long } : null;
  const open = r.status === 'pending';
  const move = (deliveryStatus: 'inProgress' | 'done', pin?: string) =>
    change.mutate({ id: r.id, deliveryStatus, ...(pin && { pin }) });
  // a change waiting in the device's outbox shows as made, marked "waiting to sync"
  const queued = useOutbox().filter((q) => q.id === r.id);
  const waiting = queued.at(-1);
  const status = waiting?.deliveryStatus ?? r.deliveryStatus ?? 'pending';
  // the customer follows an open delivery: its position goes out every 30 s until it is done
  const sharing = useSharePosition(r.id, open && !r.isCanceled && status !== 'done');

  return (
    <Stack gap="md">
      <PageHeader title={t('screens.deliveryProduct')} back={BACK} />
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Title order={2} size="h4">
              <Bdi>{localized(r.Product, 'name')}</Bdi>
            </Title>
            <Badge
              color={status === 'done' ? 'teal' : status === 'inProgress' ? 'blue' : 'orange'}
              // light: white on filled orange stays under 4.5:1 (e2e/a11y.test.ts)
              variant="light"
              data-testid="delivery-status"
              data-status={status}
            >
              {t(`deliveries.status.${status}`)}
            </Badge>
          </Group>
          <Stack gap={6} component="dl" m={0}>
            <Line label={t('deliveries.fields.customer')}>
              <Bdi>{r.user.name}</Bdi>
            </Line>
            <Line label={t('deliveries.fields.phone')}>
              <Phone value={r.user.mobile} />
            </Line>
            {a && (
              <Line label={t('deliveries.fields.address')}>
                <Bdi>{[a.address1, a.address2, a.area, a.city].filter(Boolean).join(', ')}</Bdi>
              </Line>
            )}
            <Line label={t('deliveries.fields.branch')}>
              <Bdi>{localized(r.Branch, 'branchName')}</Bdi> · <Bdi>{localized(r.Branch, 'address')}</Bdi>
            </Line>
            <Line label={t('deliveries.fields.branchPhone')}>
              <Phone value={r.Branch.phone} call />
            </Line>
            <Line label={t('deliveries.fields.collect')}>
              {r.payWith === 'price' ? (
                <Amount>{formatPrice(r.price)}</Amount>
              ) : (
                t('deliveries.fields.nothingToCollect')
              )}
            </Line>
            <Line label={t('deliveries.fields.createdAt')}>{formatDateTime(r.createdAt)}</Line>
          </Stack>
          <Button
            component="a"
            href={telHref(r.user.mobile)}
            variant="light"
            leftSection={<IconPhone size={16} />}
            data-testid="call-customer"
          >
            {t('deliveries.call')}
          </Button>
        </Stack>
      </Paper>

      {point ? (
        <MapPicker value={point} label={t('deliveries.map')} height={280} />
      ) : (
        <Text size="sm" c="dimmed">
          {t('deliveries.noLocation')}
        </Text>
      )}
      {point && (
        <Anchor
          size="sm"
          href={`https://www.openstreetmap.org/?mlat=${point.lat}&mlon=${point.long}#map=17/${point.lat}/${point.long}`}
          target="_blank"
          rel="noreferrer"
        >
          <Ltr>
            {point.lat}, {point.long}
          </Ltr>
        </Anchor>
      )}

      {sharing !== 'off' && (
        <Text size="sm" data-testid="sharing-position" data-state={sharing}>
          {/* the state's colour on the icon only: coloured small text would fall below AA contrast */}
          <IconMapPin
            size={14}
            aria-hidden
            color={`var(--mantine-color-${sharing === 'sharing' ? 'teal' : 'orange'}-filled)`}
          />{' '}
          {t(
            sharing === 'sharing'
              ? 'deliveries.sharing'
              : sharing === 'denied'
                ? 'deliveries.locationDenied'
                : 'deliveries.locationUnavailable',
          )}
        </Text>
      )}
      {r.isCanceled && (
        <Alert color="red" icon={<IconBan />}>
          {t('deliveries.canceled')}
        </Alert>
      )}
      {open && status === 'pending' && (
        <Button
          leftSection={<IconTruckDelivery size={16} />}
          loading={change.isPending}
          onClick={() => move('inProgress')}
        >
          {t('deliveries.toInProgress')}
        </Button>
      )}
      {open && status === 'inProgress' && (
        <DeliveryPinForm
          loading={change.isPending}
          error={pinErrorOf(change.error)}
          onConfirm={(pin) => move('done', pin)}
        />
      )}
      {waiting && (
        <Alert color="yellow" icon={<IconCloudUpload />} data-testid="waiting-to-sync">
          {t('deliveries.waitingToSync')}
        </Alert>
      )}
      {status === 'done' && !waiting && (
        <Alert color="teal" icon={<IconCircleCheck />} data-testid="delivered">
          {t('deliveries.delivered')}
        </Alert>
      )}
    </Stack>
  );
}
