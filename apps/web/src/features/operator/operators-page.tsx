import { Badge, Button, Code, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OneLine } from '../../components/bidi';
import { Phone } from '../../components/phone';
import { formatDateTime } from '../../lib/format';
import { localized } from '../../lib/localized';
import { ListPage } from './list-page';
import { useDisableOperator } from './mutations';
import { OperatorForm } from './operator-form';
import { useOperators } from './queries';
import { useOperatorSession } from './session';
import type { Operator, OpResponse } from './types';
import { ConfirmButton } from './ui';

/** /operator/operators (admin): the accounts; add one (its authenticator code shown once, as a QR code and as text), disable. */
export function OperatorsPage() {
  const { t } = useTranslation();
  const [added, setAdded] = useState<OpResponse<'admin/operator/add'> | null>(null);
  return (
    <ListPage<Operator>
      title={t('operator.areas.operators')}
      addLabel={t('operator.operators.add')}
      query={useOperators()}
      empty={t('operator.operators.empty')}
      row={(o) => <OperatorCard operator={o} />}
      form={(_, done) => (
        <OperatorForm
          onAdded={(res) => {
            done();
            setAdded(res);
          }}
        />
      )}
      modalSize="lg"
    >
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
    </ListPage>
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
