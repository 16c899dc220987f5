import type { ProductRequest } from '@loyalty/contract';
import { canMarkPicked } from '@loyalty/contract/endpoints/product-requests';
import { Alert, Badge, Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBan, IconCircleCheck, IconPackage, IconReceiptRefund } from '@tabler/icons-react';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { Amount, Bdi } from '../../components/bidi';
import { DetailScreen } from '../../components/detail-screen';
import { Ltr } from '../../components/ltr';
import { PageHeader } from '../../components/page-header';
import { Phone } from '../../components/phone';
import { formatDateTime, formatPoints, formatPrice } from '../../lib/format';
import { localized } from '../../lib/localized';
import { useCan } from '../../lib/permissions';
import { useIdParam } from '../../lib/route-id';
import { useSession } from '../../lib/session';
import { AcceptOrder } from './accept-order';
import { useMarkPicked, useProductRequest } from './api';
import { AssignCourier, canAssign } from './assign-courier';
import { DetailList } from './detail-list';
import { HandoverForm } from './handover-form';
import classes from './product-requests.module.css';
import { RefundForm } from './refund-form';
import { RejectOrder } from './reject-order';
import { statusColor, statusKey } from './status';

const BACK = '/setting?sheet=productRequests';
/** Staff come from their home and handle accepting, ready and rejecting only (the rest is the merchant's). */
const useBack = () => (useSession().role === 'merchant' ? BACK : '/dashboard');

/** Still to be done: waiting to be picked up or delivered, or a refund waiting for confirmation. */
const isOpen = (r: ProductRequest) => r.status === 'pending' || r.status === 'refund.pending';

const fullName = (u: { fName: string; mName: string; lName: string }) =>
  [u.fName, u.mName, u.lName].filter(Boolean).join(' ');

/**
 * /productrequest/:id (SPEC §2, §4): the request, its state (active or "Order is Canceled"), a QR
 * code of its id; Picked for a pending pickup of a product without delivery (SPEC §4); Refund with a comment for a refund waiting for
 * confirmation; the refund comment once refunded. A missing or foreign id shows a not-found state.
 */
export function ProductRequestDetailsPage() {
  const { t } = useTranslation();
  const id = useIdParam();
  const details = useProductRequest(id);
  const back = useBack();
  return (
    <DetailScreen id={id} query={details} title={t('screens.productRequestDetails')} back={back}>
      {(r) => <Details r={r} />}
    </DetailScreen>
  );
}

function Details({ r }: { r: ProductRequest }) {
  const { t } = useTranslation();
  const picked = useMarkPicked();
  const owner = useSession().role === 'merchant';
  // what a staff member's permission set allows (issue 27); merchants have every permission
  const can = useCan();
  const back = useBack();
  const address = r.UserAddress?.Address;
  const canPick = canMarkPicked(r);
  const awaitingRefund = r.status === 'refund.pending' && r.isRefund;

  return (
    <Stack gap="md">
      <PageHeader title={t('screens.productRequestDetails')} back={back} />
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Title order={2} size="h4">
              <Bdi>{localized(r.Product, 'name')}</Bdi>
            </Title>
            <Group gap={6} justify="flex-end">
              {r.isCanceled ? (
                <Badge color="red" variant="light" data-testid="product-request-active">
                  {t('product-requests.orderCanceled')}
                </Badge>
              ) : (
                // SPEC §4 shows a request that is not canceled as active: said only while the order
                // is still open, and said as what it is (issue 23), not beside "Done" or "Refunded"
                isOpen(r) && (
                  <Badge color="teal" variant="light" data-testid="product-request-active">
                    {t('product-requests.active')}
                  </Badge>
                )
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
              [t('product-requests.fields.mobile'), <Phone key="m" value={r.user.mobile} call />],
              [t('product-requests.fields.type'), t(`product-requests.type.${r.type}`)],
              [t('product-requests.fields.branch'), <Bdi key="b">{localized(r.Branch, 'branchName')}</Bdi>],
              [t('product-requests.fields.branchAddress'), <Bdi key="ba">{localized(r.Branch, 'address')}</Bdi>],
              [t('product-requests.fields.payWith'), t(`product-requests.payWith.${r.payWith}`)],
              [t('product-requests.fields.price'), <Amount key="p">{formatPrice(r.price)}</Amount>],
              [t('product-requests.fields.points'), <Amount key="pt">{formatPoints(r.points)}</Amount>],
              [
                t('product-requests.fields.deliveryStatus'),
                r.type === 'delivery' ? t(`product-requests.deliveryStatus.${r.deliveryStatus ?? 'none'}`) : null,
              ],
              [
                t('product-requests.fields.courier'),
                r.DeliveryEmployee ? <Bdi key="e">{fullName(r.DeliveryEmployee)}</Bdi> : null,
              ],
              [
                t('product-requests.fields.address'),
                address ? (
                  <Bdi key="a">
                    {[address.address1, address.address2, address.area, address.city].filter(Boolean).join(', ')}
                  </Bdi>
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
                  <span key="rc" data-testid="refund-comment">
                    <Bdi>{r.refundComment}</Bdi>
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
          {r.cancelReasonText && (
            <Text size="sm" data-testid="cancel-reason">
              {t('product-requests.accept.canceledWhy', { reason: t(`msg.${r.cancelReason}`) })}
            </Text>
          )}
        </Alert>
      )}
      {r.status === 'refund.done' && (
        <Alert color="gray" icon={<IconCircleCheck />}>
          {t('product-requests.status.refundDone')}
        </Alert>
      )}

      {/* the order's actions, then its QR code (issue 23) */}
      {can('productOrders') && <AcceptOrder r={r} />}
      {owner && canPick && (
        <Button leftSection={<IconPackage size={16} />} loading={picked.isPending} onClick={() => picked.mutate(r.id)}>
          {t('product-requests.picked')}
        </Button>
      )}
      {can('assignCouriers') && canAssign(r) && <AssignCourier r={r} />}
      {can('reject') && <RejectOrder r={r} />}
      {owner && <HandoverForm r={r} />}
      {can('refunds') && awaitingRefund && (
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
    </Stack>
  );
}
