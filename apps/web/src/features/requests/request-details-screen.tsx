import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconLock, IconScan, IconX } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { DetailScreen } from '../../components/detail-screen';
import { useManagerApproval } from '../../components/manager-approval';
import { PageHeader } from '../../components/page-header';
import { RejectSheet } from '../../components/reject-sheet';
import { useCan } from '../../lib/permissions';
import { useIdParam } from '../../lib/route-id';
import {
  isApproved,
  isRejected,
  type RequestKind,
  type RequestOf,
  useApproveRequest,
  useRejectRequest,
  useRequestDetails,
} from './api';

export interface RequestDetailsScreenProps<K extends RequestKind> {
  kind: K;
  title: string;
  back: string;
  /** The card's heading (the offer's title, the redeemed points). */
  heading: (r: RequestOf<K>) => ReactNode;
  /** The status badge while not approved ('Pending', 'Not approved'). */
  pendingLabel: string;
  /** The card's content under the heading. */
  children: (r: RequestOf<K>) => ReactNode;
  /** Between the card and the actions (the request's QR code). */
  after?: (r: RequestOf<K>) => ReactNode;
  /** A Reject button that asks for a reason (docs/domain.md "Rejected requests"). */
  withReject?: boolean;
  statusTestId: string;
}

/**
 * The details of an offer or a redeem request (SPEC §2): the card with its approval badge, then
 * Approve (and Reject) while not approved, 'already approved' once it is; a missing or foreign id
 * shows the not-found state.
 */
export function RequestDetailsScreen<K extends RequestKind>({
  kind,
  title,
  back,
  heading,
  pendingLabel,
  children,
  after,
  withReject = true,
  statusTestId,
}: RequestDetailsScreenProps<K>) {
  const { t } = useTranslation();
  const id = useIdParam();
  const details = useRequestDetails(kind, id);
  const approve = useManagerApproval(useApproveRequest(kind));
  const reject = useRejectRequest(kind);
  const can = useCan();
  // a set without the right still shows Approve: the manager's PIN can let it through (issue 27)
  const needsManager = !can(kind === 'offer' ? 'approveOfferRequests' : 'approveRedeems');
  const [rejecting, setRejecting] = useState(false);
  // opened from the Scan button (docs/domain.md, "Signed request codes"): say so and focus Approve
  const [params] = useSearchParams();
  const scanned = params.get('scanned') === '1';

  return (
    <DetailScreen id={id} query={details} title={title} back={back}>
      {(r) => {
        const approved = isApproved(kind, r);
        const rejected = isRejected(r);
        return (
          <Stack gap="md">
            <PageHeader title={title} back={back} />
            <Paper withBorder radius="md" p="md">
              <Stack gap="sm">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Title order={2} size="h4" miw={0}>
                    {heading(r)}
                  </Title>
                  <Badge
                    color={approved ? 'teal' : rejected ? 'red' : 'orange'}
                    variant="light"
                    data-testid={statusTestId}
                    flex="none"
                  >
                    {approved ? t('requests.approved') : rejected ? t('reject.rejected') : pendingLabel}
                  </Badge>
                </Group>
                {children(r)}
              </Stack>
            </Paper>
            {after?.(r)}
            {scanned && !approved && !rejected && (
              <Alert color="blue" icon={<IconScan />} data-testid="scanned-banner">
                {t('scan.scanned')}
              </Alert>
            )}
            {rejected ? (
              <Alert color="red" icon={<IconX />} data-testid="rejected-reason" title={t('reject.rejected')}>
                <span dir="auto">{t('reject.reasonShown', { reason: r.rejectReason ?? '' })}</span>
              </Alert>
            ) : approved ? (
              <Alert color="teal" icon={<IconCircleCheck />} data-testid="already-approved">
                {t('requests.alreadyApproved')}
              </Alert>
            ) : (
              <Group grow>
                <Button
                  autoFocus={scanned}
                  data-testid="approve-button"
                  loading={approve.isPending}
                  onClick={() => approve.mutate({ id: r.id })}
                  leftSection={needsManager ? <IconLock size={16} aria-hidden /> : undefined}
                >
                  {t('requests.approve')}
                </Button>
                {withReject && can('reject') && (
                  <Button
                    variant="outline"
                    color="red"
                    leftSection={<IconX size={16} aria-hidden />}
                    onClick={() => setRejecting(true)}
                    aria-haspopup="dialog"
                  >
                    {t('requests.reject')}
                  </Button>
                )}
              </Group>
            )}
            {needsManager && !approved && !rejected && (
              <Text size="xs" c="dimmed" data-testid="needs-manager">
                {t('approval.needsManager')}
              </Text>
            )}
            {approve.modal}
            <RejectSheet
              opened={rejecting}
              onClose={() => setRejecting(false)}
              loading={reject.isPending}
              presets={['customerAbsent', 'unavailable', 'duplicate', 'other']}
              onReject={(reason) => reject.mutateAsync({ id: r.id, reason })}
            />
          </Stack>
        );
      }}
    </DetailScreen>
  );
}
