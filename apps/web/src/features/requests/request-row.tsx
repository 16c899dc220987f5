import type { OfferRequest } from '@loyalty/contract';
import { Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Ltr } from '../../components/ltr';
import { formatPrice } from '../../lib/format';
import { localized } from '../../lib/localized';
import classes from './requests.module.css';

/**
 * One offer request: customer name, branch address and offer price (SPEC §2), linking to
 * /request/{id}. `withBadge` adds the search screen's Active / Not Active badge (active while pending).
 */
export function RequestRow({ request: r, withBadge = false }: { request: OfferRequest; withBadge?: boolean }) {
  const { t } = useTranslation();
  return (
    <UnstyledButton component={Link} to={`/request/${r.id}`} className={classes.rowLink} data-testid="request-row">
      <Paper withBorder radius="md" p="sm" className={classes.row}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Stack gap={2} miw={0}>
            <Text fw={600} truncate>
              {r.user.name}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {localized(r.Branch, 'address')}
            </Text>
            <Text size="sm" truncate>
              {localized(r.offerDetail, 'title')}
            </Text>
          </Stack>
          <Group gap="xs" wrap="nowrap" className={classes.aside}>
            <Stack gap={4} align="flex-end">
              <Text fw={700}>
                <Ltr>{formatPrice(r.offerDetail.price)}</Ltr>
              </Text>
              {withBadge && (
                <Badge color={r.status === 'pending' ? 'teal' : 'red'} variant="light">
                  {r.status === 'pending' ? t('requests.active') : t('requests.notActive')}
                </Badge>
              )}
            </Stack>
            <IconChevronRight size={18} className={classes.chevron} aria-hidden />
          </Group>
        </Group>
      </Paper>
    </UnstyledButton>
  );
}
