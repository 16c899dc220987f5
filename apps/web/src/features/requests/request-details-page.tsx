import { Center, Stack, Text } from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { Amount, Bdi } from '../../components/bidi';
import { Ltr } from '../../components/ltr';
import { Phone } from '../../components/phone';
import { formatDateTime, formatPoints, formatPrice } from '../../lib/format';
import { localized } from '../../lib/localized';
import { DetailList } from './detail-list';
import { RequestDetailsScreen } from './request-details-screen';
import classes from './requests.module.css';

/**
 * /request/:id (SPEC §2): the request, a QR code of its id, Approve and Reject while it is not
 * approved (rejecting has no action in the spec: it says so), "already approved" once approved.
 */
export function RequestDetailsPage() {
  const { t } = useTranslation();
  return (
    <RequestDetailsScreen
      kind="offer"
      title={t('screens.requestDetails')}
      back="/search"
      heading={(r) => <Bdi>{localized(r.offerDetail, 'title')}</Bdi>}
      pendingLabel={t('requests.pending')}
      statusTestId="request-status"
      withReject
      after={(r) => (
        <Center>
          <Stack align="center" gap={4}>
            <div className={classes.qr} data-testid="request-qr">
              <QRCodeSVG value={String(r.id)} size={168} title={t('requests.qrTitle', { id: r.id })} />
            </div>
            <Text size="xs" c="dimmed">
              {t('requests.qrCaption')} <Ltr>#{r.id}</Ltr>
            </Text>
          </Stack>
        </Center>
      )}
    >
      {(r) => (
        <>
          <Text size="sm" c="dimmed">
            <Bdi>{localized(r.offerDetail, 'description')}</Bdi>
          </Text>
          <DetailList
            items={[
              [t('requests.customer'), <Bdi key="n">{r.user.name}</Bdi>],
              [t('requests.mobile'), <Phone key="m" value={r.user.mobile} call />],
              [t('requests.branch'), <Bdi key="b">{localized(r.Branch, 'branchName')}</Bdi>],
              [t('requests.address'), <Bdi key="a">{localized(r.Branch, 'address')}</Bdi>],
              [t('requests.price'), <Amount key="p">{formatPrice(r.offerDetail.price)}</Amount>],
              [t('requests.points'), <Amount key="pt">{formatPoints(r.offerDetail.points)}</Amount>],
              [t('requests.payWith'), t(`requests.payWithValue.${r.payWith}`)],
              [t('requests.code'), <Ltr key="c">{r.code}</Ltr>],
              [t('requests.createdAt'), formatDateTime(r.createdAt)],
            ]}
          />
        </>
      )}
    </RequestDetailsScreen>
  );
}
