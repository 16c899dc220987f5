import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconSearchOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageHeader } from './page-header';
import classes from './page-header.module.css';

/**
 * A detail screen whose id does not exist, belongs to another merchant (the server answers 404) or
 * is not an id at all (`/offer/abc`): says so in the app's language and offers the way back.
 */
export function NotFoundState({ title, back }: { title: string; back: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={title} back={back} />
      <Stack align="center" ta="center" gap="sm" py="xl" data-testid="not-found-state">
        <ThemeIcon size={64} radius="xl" variant="light" color="gray" aria-hidden>
          <IconSearchOff size={34} />
        </ThemeIcon>
        <Title order={2} size="h4">
          {t('detail.notFoundTitle')}
        </Title>
        <Text c="dimmed" maw={360}>
          {t('detail.notFoundText')}
        </Text>
        <Button
          component={Link}
          to={back}
          variant="light"
          mt="xs"
          leftSection={<IconArrowLeft size={16} className={classes.backIcon} aria-hidden />}
        >
          {t('detail.goBack')}
        </Button>
      </Stack>
    </>
  );
}
