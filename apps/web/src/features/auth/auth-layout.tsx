import { Anchor, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BrandLogo } from '../../components/brand-logo';
import { LanguageToggle } from '../../components/language-toggle';

/** The frame of the sign-in screens: language switch, logo, a titled card, links to other screens below. */
export function AuthLayout({
  title,
  subtitle,
  children,
  links = [],
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  links?: { to: string; label: string }[];
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
        {links.length > 0 && (
          <Stack gap={6} align="center">
            {links.map((l) => (
              <Anchor key={l.to} component={Link} to={l.to} size="sm">
                {l.label}
              </Anchor>
            ))}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
