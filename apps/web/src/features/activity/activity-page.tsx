import { AUDIT_ACTIONS } from '@loyalty/contract/constants';
import { Button, Group, Pagination, Paper, Select, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BranchSelect } from '../../components/branch-select';
import { DateField } from '../../components/date-field';
import { EmptyState } from '../../components/empty-state';
import { ExportButton } from '../../components/export-button';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { useCurrencyDisplay } from '../../lib/money';
import { toast } from '../../lib/toast';
import classes from './activity.module.css';
import { ActivityRow } from './activity-row';
import { type ActivityFilter, PAGE_SIZE, useActivity } from './api';

const EMPTY = { who: '', action: '', branchId: '', from: '', to: '' };

/**
 * /activity (merchant only): the audit trail, newest first, filtered by who, what, branch and
 * dates, PAGE_SIZE rows a page (docs/domain.md "Audit trail").
 */
export function ActivityPage() {
  const { t } = useTranslation();
  const [form, setForm] = useState(EMPTY);
  const [page, setPage] = useState(1);
  const filter: ActivityFilter = {
    who: form.who || undefined,
    action: (form.action || undefined) as ActivityFilter['action'],
    branchId: form.branchId ? Number(form.branchId) : undefined,
    from: form.from || undefined,
    to: form.to || undefined,
  };
  const activity = useActivity(filter, page);
  const display = useCurrencyDisplay();
  const set = (k: keyof typeof EMPTY) => (v: string | null) => {
    setForm((f) => ({ ...f, [k]: v ?? '' }));
    setPage(1);
  };
  useEffect(() => {
    if (activity.isError) toast.error(activity.error.message);
  }, [activity.isError, activity.error]);

  const rows = activity.data?.rows ?? [];
  const pages = Math.max(1, Math.ceil((activity.data?.count ?? 0) / PAGE_SIZE));
  return (
    <Stack gap="md">
      <PageHeader title={t('screens.activity')} back="/setting" />
      <ExportButton path="merchant/export/activity.csv" filters={{ ...form, branchId: form.branchId || undefined }} />
      <div className={classes.filters}>
        <Select
          label={t('activity.who')}
          placeholder={t('activity.anyone')}
          clearable
          value={form.who || null}
          onChange={set('who')}
          data={(activity.data?.actors ?? []).map((a) => ({ value: `${a.type}:${a.id}`, label: a.name }))}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={t('activity.what')}
          placeholder={t('activity.anything')}
          clearable
          value={form.action || null}
          onChange={set('action')}
          data={AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`activity.actions.${a}`) }))}
          comboboxProps={{ withinPortal: true }}
        />
        <BranchSelect label={t('activity.branch')} value={form.branchId} onChange={set('branchId')} />
        <DateField label={t('activity.from')} name="from" value={form.from} onChange={set('from')} />
        <DateField label={t('activity.to')} name="to" value={form.to} onChange={set('to')} />
      </div>
      <Group justify="space-between">
        <Text size="sm" c="dimmed" data-testid="activity-count">
          {t('activity.count', { count: activity.data?.count ?? 0 })}
        </Text>
        <Button
          variant="subtle"
          size="xs"
          onClick={() => {
            setForm(EMPTY);
            setPage(1);
          }}
        >
          {t('activity.clear')}
        </Button>
      </Group>
      {activity.isLoading && <LoadingScreen fullHeight={false} />}
      {activity.isSuccess && rows.length === 0 && <EmptyState text={t('activity.empty')} />}
      {rows.length > 0 && (
        <Paper withBorder radius="md">
          {rows.map((e) => (
            <ActivityRow key={e.id} entry={e} display={display} />
          ))}
        </Paper>
      )}
      {pages > 1 && (
        <Group justify="center">
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': t(`activity.page.${control}`) })}
          />
        </Group>
      )}
    </Stack>
  );
}
