import { Badge, Button, Code, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OneLine } from '../../components/bidi';
import { Phone } from '../../components/phone';
import { RowList } from '../../components/row-card';
import { formatDateTime } from '../../lib/format';
import { localized } from '../../lib/localized';
import { useDisableOperator } from './mutations';
import { OperatorForm } from './operator-form';
import { useOperators } from './queries';
import { useOperatorSession } from './session';
import type { Operator, OpResponse } from './types';
import { ConfirmButton, ListState } from './ui';

/** /operator/operators (admin): the accounts; add one (its authenticator code shown once, as a QR code and as text), disable. */
export function OperatorsPage() {
  const { t } = useTranslation();
  const list = useOperators();
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<OpResponse<'admin/operator/add'> | null>(null);
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <Title order={1} size="h3">
          {t('operator.areas.operators')}
        </Title>
        <Button
          size="xs"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setAdding(true)}
          aria-haspopup="dialog"
        >
          {t('operator.operators.add')}
        </Button>
      </Group>
      <ListState query={list} isEmpty={(d) => d.rows.length === 0} empty={t('operator.operators.empty')}>
        {(d) => <RowList rows={d.rows}>{(o) => <OperatorCard operator={o} />}</RowList>}
      </ListState>
      <Modal opened={adding} onClose={() => setAdding(false)} title={t('operator.operators.add')} size="lg">
        {adding && (
          <OperatorForm
            onAdded={(res) => {
              setAdding(false);
              setAdded(res);
            }}
          />
        )}
      </Modal>
      <Modal opened={added !== null} onClose={() => setAdded(null)} title={t('operator.operators.scanTitle')}>
        {added && (
          <Stack gap="sm" align="center" data-testid="otpauth">
            <QRCodeSVG
              value={added.otpauthUri}
              size={200}
              title={t('operator.operators.qrLabel', { mobile: added.operator.mobile ?? '' })}
            />
            <Text size="sm">{t('operator.operators.scanText')}</Text>
            <Code block dir="ltr" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap', width: '100%' }}>
              {added.otpauthUri}
            </Code>
            <Button onClick={() => setAdded(null)}>{t('operator.operators.done')}</Button>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}

function OperatorCard({ operator: o }: { operator: Operator }) {
  const { t } = useTranslation();
  const self = useOperatorSession()?.operator.id === o.id;
  const disable = useDisableOperator();
  const name = localized(o, 'name');
  return (
    <Paper withBorder radius="md" p="sm" data-testid="operator-row">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <OneLine fw={700}>{name}</OneLine>
          <Badge variant="light">{t(`operator.roles.${o.role}`)}</Badge>
        </Group>
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            {o.mobile ? <Phone value={o.mobile} /> : '—'}
          </Text>
          {o.disabledAt ? (
            <Badge variant="light" color="gray">
              {t('operator.operators.disabledAt', { when: formatDateTime(o.disabledAt) })}
            </Badge>
          ) : (
            !self && (
              <ConfirmButton
                label={t('operator.operators.disable')}
                title={t('operator.operators.disable')}
                message={t('operator.operators.disableConfirm', { name })}
                pending={disable.isPending}
                onConfirm={() => disable.mutateAsync(o.id)}
                color="red"
              />
            )
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
