import { Anchor } from '@mantine/core';
import { formatPhone, telHref } from '../lib/phone-format';
import classes from './bidi.module.css';

/**
 * A phone number as every screen shows it (issue 23): `+974 5000 0001`, isolated left to right so
 * that it reads the same in Arabic, on one line; `call` makes it a `tel:` link.
 */
export function Phone({ value, call = false }: { value: string | null | undefined; call?: boolean }) {
  if (!value) return null;
  const shown = (
    <bdi dir="ltr" className={classes.amount} data-testid="phone">
      {formatPhone(value)}
    </bdi>
  );
  return call ? <Anchor href={telHref(value)}>{shown}</Anchor> : shown;
}
