import type { ProductRequest } from '@loyalty/contract';
import { Alert, Anchor, Badge, Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBan, IconCircleCheck, IconInfoCircle, IconPackage, IconReceiptRefund } from '@tabler/icons-react';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { EmptyState } from '../../components/empty-state';
import { LoadingScreen } from '../../components/loading-screen';
import { Ltr } from '../../components/ltr';
import { PageHeader } from '../../components/page-header';
import { formatDateTime, formatPoints, formatPrice } from '../../lib/format';
import { localized } from '../../lib/localized';
import { toast } from '../../lib/toast';
import { useMarkPicked, useProductRequest } from './api';
import { DetailList } from './detail-list';
import classes from './product-requests.module.css';
import { RefundForm } from './refund-form';
import { statusColor, statusKey } from './status';

const BACK = '/setting?sheet=productRequests';

/** The numeric id of a route parameter, or 0 when it is not one. */
const idParam = (value: string | undefined): number => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n <= 2147483647 ? n : 0;
};

const fullName = (u: { fName: string; mName: string; lName: string }) =>
  [u.fName, u.mName, u.lName].filter(Boolean).join(' ');

/**
 * /productrequest/:id (SPEC §2, §4): the request, its state (active or "Order is Canceled"), a QR
 * code of its id; Picked for a pending pickup; Refund with a comment for a refund waiting for
 * confirmation; the refund comment once refunded. A missing or foreign id shows a not-found state.
 */
export function ProductRequestDetailsPage() {
  const { t } = useTranslation();
  const id = idParam(useParams().id);
  const details = useProductRequest(id);

  if (details.isLoading) return <LoadingScreen />;
  const r = details.data;
  if (!r)
    return (
      <Stack>
        <PageHeader title={t('screens.productRequestDetails')} back={BACK} />
        <EmptyState text={t('product-requests.notFound')} />
      </Stack>
    );
  return <Details r={r} />;
}

function Details({ r }: { r: ProductRequest }) {
  const { t } = useTranslation();
  const picked = useMarkPicked();
  const address = r.UserAddress?.Address;
  const canPick = r.type === 'pickup' && r.status === 'pending';
  const awaitingRefund = r.status === 'refund.pending' && r.isRefund;

  return (
    <Stack gap="md">
      <PageHeader title={t('screens.productRequestDetails')} back={BACK} />
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Title order={2} size="h4" dir="auto">
              {localized(r.Product, 'name')}
            </Title>
            <Group gap={6} justify="flex-end">
              {r.isCanceled ? (
                <Badge color="red" variant="light" data-testid="product-request-active">
                  {t('product-requests.orderCanceled')}
                </Badge>
              ) : (
                <Badge color="teal" variant="light" data-testid="product-request-active">
                  {t('product-requests.active')}
                </Badge>
              )}
              <Badge color={statusColor(r.status)} data-testid="product-request-status" data-status={r.status}>
                {t(`product-requests.status.${statusKey(r.status)}`)}
              </Badge>
            </Group>
          </Group>
          <DetailList
            items={[
              [
                t('product-requests.fields.customer'),
                <span dir="auto" key="c">
                  {r.user.name}
                </span>,
              ],
              [
                t('product-requests.fields.mobile'),
                <Anchor key="m" href={`tel:+${r.user.mobile}`}>
                  <Ltr>+{r.user.mobile}</Ltr>
                </Anchor>,
              ],
              [t('product-requests.fields.type'), t(`product-requests.type.${r.type}`)],
              [t('product-requests.fields.branch'), r.Branch.branchName],
              [t('product-requests.fields.branchAddress'), localized(r.Branch, 'address')],
              [t('product-requests.fields.payWith'), t(`product-requests.payWith.${r.payWith}`)],
              [t('product-requests.fields.price'), <Ltr key="p">{formatPrice(r.price)}</Ltr>],
              [t('product-requests.fields.points'), <Ltr key="pt">{formatPoints(r.points)}</Ltr>],
              [
                t('product-requests.fields.deliveryStatus'),
                r.type === 'delivery' ? t(`product-requests.deliveryStatus.${r.deliveryStatus ?? 'none'}`) : null,
              ],
              [t('product-requests.fields.courier'), r.DeliveryEmployee ? fullName(r.DeliveryEmployee) : null],
              [
                t('product-requests.fields.address'),
                address ? (
                  <span dir="auto" key="a">
                    {[address.address1, address.address2, address.area, address.city].filter(Boolean).join(', ')}
                  </span>
                ) : null,
              ],
              [t('product-requests.fields.createdAt'), formatDateTime(r.createdAt)],
              [t('product-requests.fields.doneAt'), r.doneAt ? formatDateTime(r.doneAt) : null],
              [
                t('product-requests.fields.refundReason'),
                r.refundReason ? (
                  <span dir="auto" key="rr">
                    {r.refundReason}
                  </span>
                ) : null,
              ],
              [
                t('product-requests.fields.refundComment'),
                r.refundComment ? (
                  <span dir="auto" key="rc" data-testid="refund-comment">
                    {r.refundComment}
                  </span>
                ) : null,
              ],
            ]}
          />
        </Stack>
      </Paper>

      {r.isCanceled && (
        <Alert color="red" icon={<IconBan />} data-testid="order-canceled">
          {t('product-requests.orderCanceled')}
        </Alert>
      )}
      {r.type === 'delivery' && r.status === 'pending' && !r.DeliveryEmployee && (
        <Alert color="blue" icon={<IconInfoCircle />}>
          {t('product-requests.assignedHint')}
        </Alert>
      )}
      {r.status === 'refund.done' && (
        <Alert color="gray" icon={<IconCircleCheck />}>
          {t('product-requests.status.refundDone')}
        </Alert>
      )}

      <Center>
        <Stack align="center" gap={4}>
          <div className={classes.qr} data-testid="product-request-qr">
            <QRCodeSVG value={String(r.id)} size={168} title={t('product-requests.qrTitle', { id: r.id })} />
          </div>
          <Text size="xs" c="dimmed">
            {t('product-requests.qrCaption')} <Ltr>#{r.id}</Ltr>
          </Text>
        </Stack>
      </Center>

      {canPick && (
        <Button
          leftSection={<IconPackage size={16} />}
          loading={picked.isPending}
          onClick={() => picked.mutate(r.id, { onSuccess: () => toast.success('msg.markedPicked') })}
        >
          {t('product-requests.picked')}
        </Button>
      )}
      {awaitingRefund && (
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Group gap="xs">
              <IconReceiptRefund size={18} aria-hidden />
              <Title order={2} size="h5">
                {t('product-requests.refundTitle')}
              </Title>
            </Group>
            <Text size="sm" c="dimmed">
              {t('product-requests.refundHint')}
            </Text>
            <RefundForm reqId={r.id} />
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
