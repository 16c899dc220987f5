import { Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrandLogo } from '../../components/brand-logo';
import { LanguageToggle } from '../../components/language-toggle';

/** The frame of the sign-in screens: language switch, logo, a titled card, links below. */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Container size={440} px="md" py="md" component="main">
      <Group justify="flex-end" mb="xs">
        <LanguageToggle />
      </Group>
      <Stack gap="lg">
        <BrandLogo size="lg" />
        <Paper withBorder shadow="sm" p="lg" radius="lg">
          <Stack gap="md">
            <div>
              <Title order={1} size="h3">
                {title}
              </Title>
              {subtitle && (
                <Text c="dimmed" size="sm" mt={4}>
                  {subtitle}
                </Text>
              )}
            </div>
            {children}
          </Stack>
        </Paper>
        {footer && (
          <Stack gap={6} align="center">
            {footer}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
