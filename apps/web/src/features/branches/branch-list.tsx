import { Button, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { OneLine } from '../../components/bidi';
import { EmptyState } from '../../components/empty-state';
import { LoadingScreen } from '../../components/loading-screen';
import { Ltr } from '../../components/ltr';
import { Phone } from '../../components/phone';
import { localized } from '../../lib/localized';
import { useBranchList } from '../../lib/queries/branches';
import { BranchStatus } from './branch-status';
import classes from './branches.module.css';

/** SPEC §2 branches sheet: numbered from 1 (oldest first), name, address, phone, status; count; Add Branch. */
export function BranchList({ onAdd, onOpen }: { onAdd: () => void; onOpen?: () => void }) {
  const { t } = useTranslation();
  const branches = useBranchList();
  const rows = branches.data?.rows ?? [];

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text c="dimmed" size="sm" data-testid="branch-count">
          {branches.data && t('branches.count', { count: branches.data.count })}
        </Text>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd} size="sm" data-opens-form>
          {t('branches.add')}
        </Button>
      </Group>
      {branches.isLoading && <LoadingScreen fullHeight={false} />}
      {branches.isSuccess && rows.length === 0 && <EmptyState text={t('branches.empty')} />}
      <ol className={classes.list}>
        {rows.map((b, i) => (
          <li key={b.id}>
            <UnstyledButton
              component={Link}
              to={`/branch/${b.id}`}
              onClick={onOpen}
              className={classes.row}
              data-testid="branch-row"
            >
              <span className={classes.number} aria-hidden>
                <Ltr>{i + 1}</Ltr>
              </span>
              <Stack gap={2} flex={1} miw={0}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <OneLine fw={600}>{localized(b, 'branchName')}</OneLine>
                  <BranchStatus active={b.isActive} />
                </Group>
                <OneLine size="sm" c="dimmed">
                  {localized(b, 'address')}
                </OneLine>
                <Text size="sm">
                  <Phone value={b.phone} />
                </Text>
              </Stack>
            </UnstyledButton>
          </li>
        ))}
      </ol>
    </Stack>
  );
}
