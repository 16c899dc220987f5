import { Text, type TextProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './bidi.module.css';

/**
 * Text a person typed (titles, names, descriptions, addresses, branch names): isolated with its own
 * direction (`<bdi>` is `dir="auto"`), so an English title in an Arabic page keeps its full stop on
 * the right, and an Arabic one in an English page on the left, without changing the line's alignment.
 */
export function Bdi({ children }: { children: ReactNode }) {
  return <bdi>{children}</bdi>;
}

/**
 * A price, points or cash amount from `lib/format`: isolated in the language's direction and kept on
 * one line, so the same amount looks the same on every screen (`$12.50`; `12.50 $` read right to left).
 */
export function Amount({ children }: { children: string }) {
  const { i18n } = useTranslation();
  return (
    <bdi dir={i18n.language === 'ar' ? 'rtl' : 'ltr'} className={classes.amount}>
      {children}
    </bdi>
  );
}

/**
 * A name or title a person typed, on one line (issue 23): in its own direction, so that a long one
 * is cut at its own end (an Arabic name with the ellipsis on the left, an English one on the right,
 * never "…rm fee"), while it sits at the start of the screen's direction like any other line.
 */
export function OneLine({ children, ...props }: TextProps & { children: ReactNode }) {
  return (
    <Text {...props} truncate dir="auto" className={classes.oneLine}>
      {children}
    </Text>
  );
}
