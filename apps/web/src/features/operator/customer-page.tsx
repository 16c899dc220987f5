import { zodResolver } from '@hookform/resolvers/zod';
import { operatorEndpoints } from '@loyalty/contract/endpoints/operator';
import { Button, Paper, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Bdi } from '../../components/bidi';
import { DetailList } from '../../components/detail-list';
import { DetailScreen } from '../../components/detail-screen';
import { PageHeader } from '../../components/page-header';
import { Phone } from '../../components/phone';
import { applyServerErrors, useFieldError } from '../../lib/form-errors';
import { formatDateTime, formatPoints } from '../../lib/format';
import { useIdParam } from '../../lib/route-id';
import { Ledger } from './ledger';
import { canGrantPoints } from './menu';
import { useGrantPoints } from './mutations';
import { useCustomer } from './queries';
import { useOperatorSession } from './session';

const BACK = '/operator/customers';
const { points, reason } = operatorEndpoints['admin/customer/points'].body.shape;
const pointsSchema = z.object({ points, reason });
type PointsForm = z.input<typeof pointsSchema>;

/** /operator/customers/:id: balance and history; finance and admin grant or take back points with a reason. */
export function CustomerPage() {
  const { t } = useTranslation();
  const id = useIdParam();
  const query = useCustomer(id);
  const role = useOperatorSession()?.operator.role;
  return (
    <DetailScreen id={id} query={query} title={t('operator.customers.details')} back={BACK}>
      {({ customer, ledger }) => (
        <Stack gap="md" data-testid="customer-details">
          <PageHeader title={<Bdi>{customer.name}</Bdi>} back={BACK} />
          <Paper withBorder radius="md" p="md">
            <DetailList
              items={[
                [t('operator.common.mobile'), <Phone key="m" value={customer.mobile} call />],
                [
                  t('operator.common.balance'),
                  <span key="b" data-testid="customer-balance">
                    <Bdi>{formatPoints(customer.balance)}</Bdi>
                  </span>,
                ],
                [t('operator.common.created'), formatDateTime(customer.createdAt)],
              ]}
            />
          </Paper>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {role && canGrantPoints(role) && <PointsForm id={customer.id} />}
            <Ledger rows={ledger} />
          </SimpleGrid>
        </Stack>
      )}
    </DetailScreen>
  );
}

function PointsForm({ id }: { id: number }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const grant = useGrantPoints(id);
  const { register, handleSubmit, reset, setError, formState } = useForm<PointsForm>({
    resolver: zodResolver(pointsSchema),
    mode: 'onTouched',
    defaultValues: { points: '', reason: '' },
  });
  const { errors } = formState;
  const onSubmit = handleSubmit((v) => {
    const body = pointsSchema.parse(v);
    grant.mutate(body, {
      onSuccess: () => reset(),
      onError: (e) => applyServerErrors(e, setError, ['points', 'reason']),
    });
  });
  return (
    <Paper withBorder radius="md" p="md">
      <form onSubmit={onSubmit} noValidate aria-label={t('operator.customers.grantTitle')} data-testid="points-form">
        <Stack gap="sm">
          <Title order={2} size="h5">
            {t('operator.customers.grantTitle')}
          </Title>
          <TextInput
            label={t('operator.customers.points')}
            description={t('operator.customers.pointsHint')}
            required
            inputMode="numeric"
            dir="ltr"
            {...register('points')}
            error={fieldError(errors.points)}
          />
          <Textarea
            label={t('operator.common.reason')}
            required
            autosize
            minRows={2}
            maxLength={500}
            {...register('reason')}
            error={fieldError(errors.reason)}
          />
          <Button type="submit" loading={grant.isPending}>
            {t('operator.customers.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
