import type { Branch } from '@loyalty/contract';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bdi } from '../../components/bidi';
import { api } from '../../lib/api';
import { deferred, useDeferredDialog } from '../../lib/deferred';
import { BUSINESS_TIME_ZONE } from '../../lib/format';
import { localized } from '../../lib/localized';
import { useAppMutation } from '../../lib/mutation';
import { useCan } from '../../lib/permissions';
import { useBranchList } from '../../lib/queries/branches';
import { queryKeys } from '../../lib/query-keys';

type Role = 'merchant' | 'merchantUser';
/** The pause form (Modal, Select): fetched once the page is idle, not with the home (lib/deferred, bench/README.md "First load"). */
const pauseDialog = deferred(() => import('./pause-dialog').then((m) => m.PauseDialog));

/** A time in the business zone, `16:30`, with the weekday when it is not today. */
export const formatReopening = (iso: string, lang: string, now = new Date()): string => {
  const day = (d: Date) => d.toLocaleDateString('en-CA', { timeZone: BUSINESS_TIME_ZONE });
  const at = new Date(iso);
  return new Intl.DateTimeFormat(lang === 'ar' ? 'ar-u-nu-latn' : 'en-GB', {
    timeZone: BUSINESS_TIME_ZONE,
    ...(day(at) !== day(now) && { weekday: 'short' }),
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
};

/** Pause (minutes and a reason) and resume (issue 26, point 2): the branch's answer replaces the lists'. */
const useBusy = (role: Role) =>
  useAppMutation({
    mutationFn: (v: { branchId: number; minutes?: string; reason?: string }) =>
      v.minutes
        ? api.call(role === 'merchant' ? 'merchant/branch/pause' : 'merchantUser/branch/pause', {
            branchId: v.branchId,
            minutes: Number(v.minutes),
            reason: v.reason ?? '',
          })
        : api.call(role === 'merchant' ? 'merchant/branch/resume' : 'merchantUser/branch/resume', {
            branchId: v.branchId,
          }),
    invalidates: [queryKeys.branches.all],
    success: (_b, v) => (v.minutes ? 'dashboard.busy.paused' : 'dashboard.busy.resumed'),
  });

/** One branch's state (open, paused until, closed until) with pause and resume in one tap. */
export function BranchBusy({ branch, as: role }: { branch: Branch; as: Role }) {
  const { t, i18n } = useTranslation();
  const busy = useBusy(role);
  const [open, setOpen] = useState(false);
  const { Dialog: PauseDialog, openedAtStart } = useDeferredDialog(open, pauseDialog);
  const time = (iso: string) => formatReopening(iso, i18n.language);
  const state = branch.pausedUntil
    ? { color: 'orange', text: t('dashboard.busy.pausedUntil', { time: time(branch.pausedUntil) }) }
    : branch.isOpen
      ? { color: 'teal', text: t('dashboard.busy.open') }
      : {
          color: 'red',
          text: branch.opensAt
            ? t('dashboard.busy.closedUntil', { time: time(branch.opensAt) })
            : t('dashboard.busy.closed'),
        };
  return (
    <Paper withBorder radius="md" p="sm" data-testid={`branch-busy-${branch.id}`}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Text fw={600} size="sm">
            <Bdi>{localized(branch, 'branchName')}</Bdi>
          </Text>
          <Badge color={state.color} variant="light" data-testid="branch-state">
            <bdi>{state.text}</bdi>
          </Badge>
        </Stack>
        {branch.pausedUntil ? (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlayerPlay size={14} />}
            loading={busy.isPending}
            onClick={() => busy.mutate({ branchId: branch.id })}
          >
            {t('dashboard.busy.resume')}
          </Button>
        ) : (
          <Button
            size="xs"
            variant="light"
            color="orange"
            leftSection={<IconPlayerPause size={14} />}
            onClick={() => setOpen(true)}
          >
            {t('dashboard.busy.pause')}
          </Button>
        )}
      </Group>
      {PauseDialog && (
        <Suspense fallback={null}>
          <PauseDialog
            opened={open}
            openedAtStart={openedAtStart}
            pending={busy.isPending}
            onClose={() => setOpen(false)}
            onPause={(minutes, reason, paused) =>
              busy.mutate(
                { branchId: branch.id, minutes, reason },
                {
                  onSuccess: () => {
                    setOpen(false);
                    paused();
                  },
                },
              )
            }
          />
        </Suspense>
      )}
    </Paper>
  );
}

/** The merchant's branches, each with its state and pause / resume. */
export function MerchantBranchesBusy() {
  const { t } = useTranslation();
  const list = useBranchList();
  const rows = list.data?.rows.filter((b) => b.isActive) ?? [];
  if (rows.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="branches-busy">
      <Title order={2} size="h5">
        {t('dashboard.busy.title')}
      </Title>
      {rows.map((b) => (
        <BranchBusy key={b.id} branch={b} as="merchant" />
      ))}
    </Stack>
  );
}

/** A staff member's own branch, with its state and pause / resume. */
export function StaffBranchBusy({ branchId }: { branchId: number }) {
  // a set without pauseBranch (issue 27) shows no pause / resume
  const allowed = useCan()('pauseBranch');
  const branch = useQuery({
    queryKey: queryKeys.branches.detail({ id: branchId, staff: true }),
    queryFn: () => api.call('merchantUser/branch/details', { branchId }),
    enabled: allowed,
  });
  return allowed && branch.data ? <BranchBusy branch={branch.data} as="merchantUser" /> : null;
}
