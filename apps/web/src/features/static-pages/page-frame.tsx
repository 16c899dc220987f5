import { Container, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BrandLogo } from '../../components/brand-logo';
import { LanguageToggle } from '../../components/language-toggle';

/** The frame of the public pages: logo and language switch above the content. */
export function PageFrame({ children, size = 640 }: { children: ReactNode; size?: number }) {
  return (
    <Container size={size} px="md" py="md" component="main">
      <Group justify="space-between" mb="lg" wrap="nowrap">
        <Link to="/" style={{ color: 'inherit', textDecoration: 'none' }}>
          <BrandLogo />
        </Link>
        <LanguageToggle />
      </Group>
      {children}
    </Container>
  );
}
