import { Anchor, Button, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { BrandLogo } from '../../components/brand-logo';
import { LanguageToggle } from '../../components/language-toggle';
import { Ltr } from '../../components/ltr';
import { Phone } from '../../components/phone';
import { useAppConfig } from '../../lib/queries/config';
import { useMerchantMe } from '../../lib/queries/me';
import { setStoredApproval, useSession } from '../../lib/session';
import { useSignOut } from '../../lib/use-sign-out';

/**
 * The waiting screen of a merchant under review (SPEC §2): thanks, under review, the support
 * contact the operator configured, log out. It asks the server whether the account was approved
 * meanwhile, so an approved merchant moves on without logging in again.
 */
export function ActivateAccountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { role } = useSession();
  const { signOut, pending } = useSignOut();
  const me = useMerchantMe({ enabled: role === 'merchant', silent: true });
  // the operator's support contact (GET /api/config); none is shown rather than a made-up one
  const support = useAppConfig().data?.support;

  useEffect(() => {
    if (me.data?.isAproved) {
      setStoredApproval(true);
      navigate('/dashboard', { replace: true });
    }
  }, [me.data?.isAproved, navigate]);

  return (
    <Container size={480} px="md" py="md" component="main">
      <Group justify="flex-end" mb="xs">
        <LanguageToggle />
      </Group>
      <Stack gap="lg">
        <BrandLogo size="lg" />
        <Paper withBorder shadow="sm" p="lg" radius="lg">
          <Stack align="center" ta="center" gap="md">
            <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
              <IconHourglassHigh size={34} />
            </ThemeIcon>
            <Title order={1} size="h3">
              {t('auth.activate.thanks')}
            </Title>
            <Text fw={600}>{t('msg.underReview')}</Text>
            <Text c="dimmed">{t('auth.activate.text')}</Text>
            {support && (
              <Stack gap={4} data-testid="support-contact">
                <Text size="sm">{t('auth.activate.support')}</Text>
                {support.email && (
                  <Anchor href={`mailto:${support.email}`} size="sm">
                    <Ltr>{support.email}</Ltr>
                  </Anchor>
                )}
                {support.phone && (
                  <Anchor href={`tel:${support.phone.replace(/[^\d+]/g, '')}`} size="sm">
                    <Phone value={support.phone} />
                  </Anchor>
                )}
              </Stack>
            )}
            {role === 'merchant' && (
              <Button variant="light" onClick={() => me.refetch()} loading={me.isFetching}>
                {t('auth.activate.checkAgain')}
              </Button>
            )}
            <Button color="red" variant="subtle" onClick={signOut} loading={pending}>
              {t('common.logout')}
            </Button>
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
