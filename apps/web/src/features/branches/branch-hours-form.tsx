import type { Branch } from '@loyalty/contract';
import { Button, Paper, Stack, TagsInput, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { useAppMutation } from '../../lib/mutation';
import { queryKeys } from '../../lib/query-keys';
import { applyServerErrors } from './hours-errors';

const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
type Day = (typeof DAYS)[number];

/**
 * The branch's weekly opening hours and closed dates (issue 26, point 2): each day `09:00-22:00`
 * (`18:00-02:00` past midnight), blank for closed; closed dates as `YYYY-MM-DD`; every day blank: no
 * hours, open at any time. Times are Doha's (the business time zone).
 */
export function BranchHoursForm({ branch }: { branch: Branch }) {
  const { t } = useTranslation();
  const [days, setDays] = useState<Record<Day, string>>(
    () => Object.fromEntries(DAYS.map((d) => [d, branch.hours?.[d] ?? ''])) as Record<Day, string>,
  );
  const [closedDates, setClosedDates] = useState<string[]>(branch.hours?.closedDates ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // with no day filled in the branch has no hours and takes orders at any time: a blank day says so
  const noHours = DAYS.every((d) => !days[d].trim()) && closedDates.length === 0;
  const save = useAppMutation({
    mutationFn: () => api.call('merchant/branch/hours', { branchId: branch.id, ...days, closedDates }),
    apply: (b, _v, qc) => qc.setQueryData(queryKeys.branches.detail({ id: b.id }), b),
    invalidates: [queryKeys.branches.lists()],
    success: 'msg.updatedSuccessfully',
  });
  return (
    <Paper withBorder radius="md" p="md" data-testid="branch-hours">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setErrors({});
          save.mutate(undefined, { onError: (err) => setErrors(applyServerErrors(err)) });
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h5">
            {t('branches.hours.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('branches.hours.hint')}
          </Text>
          {DAYS.map((d) => (
            <TextInput
              key={d}
              label={t(`branches.hours.days.${d}`)}
              placeholder={t(noHours ? 'branches.hours.anyTime' : 'branches.hours.closed')}
              dir="ltr"
              value={days[d]}
              error={errors[d]}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setDays((v) => ({ ...v, [d]: value }));
              }}
            />
          ))}
          <TagsInput
            label={t('branches.hours.closedDates')}
            placeholder="2026-12-18"
            dir="ltr"
            value={closedDates}
            onChange={setClosedDates}
            error={errors.closedDates}
          />
          <Button type="submit" loading={save.isPending}>
            {t('branches.hours.save')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
