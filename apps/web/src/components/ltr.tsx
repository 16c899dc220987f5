import type { ReactNode } from 'react';

/** Isolates a number, phone or code inside Arabic text so it keeps its left-to-right order. */
export function Ltr({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}
