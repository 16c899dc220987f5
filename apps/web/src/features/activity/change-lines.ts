/**
 * An activity entry's change in the merchant's words (issue 23, point 9): each field the change
 * touched, named, with its value before and after as a merchant reads it: statuses by their labels,
 * people and branches by name (the server sends the names of the ids), money and points formatted,
 * phones grouped, a package by its name in the app's language.
 */
import type { AuditEntry, CurrencyDisplay } from '@loyalty/contract';
import type { Language } from '@loyalty/contract/constants';
import { brandName } from '../../lib/card-brands';
import { formatNumber, formatPoints } from '../../lib/format';
import { localized } from '../../lib/localized';
import { formatMoney } from '../../lib/money';
import { formatPhone } from '../../lib/phone-format';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** How a value is isolated in a line: an amount in the language's direction, a number or code left to right, text as it is. */
export interface ShownValue {
  text: string;
  kind: 'text' | 'amount' | 'ltr';
}

export interface ChangeLine {
  field: string;
  label: string;
  before: ShownValue | null;
  after: ShownValue | null;
}

interface Context {
  entry: Pick<AuditEntry, 'entity' | 'before' | 'after' | 'subject' | 'names'>;
  t: Translate;
  lang: Language;
  display: CurrencyDisplay;
}

const text = (value: string): ShownValue => ({ text: value, kind: 'text' });
const ltr = (value: string): ShownValue => ({ text: value, kind: 'ltr' });
const amount = (value: string): ShownValue => ({ text: value, kind: 'amount' });

/** One side of a change with the card's brand and digits, and its expiry, each read as one value. */
function merged(side: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!side) return null;
  const { brand, last4, expMonth, expYear, ...rest } = side;
  const out: Record<string, unknown> = { ...rest };
  if (brand !== undefined || last4 !== undefined) {
    const name = typeof brand === 'string' ? brandName(brand) : '';
    out.card = { brand: name, last4: last4 ?? rest.card };
  }
  if (expMonth !== undefined || expYear !== undefined)
    out.expiry = `${String(expMonth ?? '').padStart(2, '0')}/${String(expYear ?? '')}`;
  return out;
}

function shown(field: string, v: unknown, c: Context): ShownValue {
  const { t, entry: e, lang } = c;
  if (v === null || v === undefined) {
    if (field === 'employeeId') return text(t('activity.values.nobody'));
    if (field === 'permissionSet') return text(t('activity.values.standardRights'));
    if (field === 'deliveryStatus') return text(t('activity.deliveryStatus.none'));
    return text('—');
  }
  switch (field) {
    case 'status':
      return text(t(`activity.status.${e.entity}.${v}`, { defaultValue: String(v) }));
    case 'deliveryStatus':
      return text(t(`activity.deliveryStatus.${v}`, { defaultValue: String(v) }));
    case 'employeeId':
      return text(e.names.employees[String(v)] ?? `#${v}`);
    case 'branchId': {
      const b = e.names.branches[String(v)];
      return text(b ? localized(b, 'name', lang) : `#${v}`);
    }
    case 'amountCents':
      return amount(formatMoney(Number(v) / 100, c.display, lang));
    case 'amount':
      return e.entity === 'redeem' ? amount(formatPoints(Number(v), lang)) : text(formatNumber(Number(v), lang));
    case 'points':
      return amount(formatPoints(Number(v), lang));
    case 'isLive':
    case 'isActive':
    case 'isDefault':
      return text(t(`activity.values.${field}.${v === true ? 'true' : 'false'}`));
    case 'rule':
      return text(t(`roles.${v}`, { defaultValue: String(v) }));
    case 'mobileNum':
    case 'phone':
    case 'hotLine':
      return ltr(formatPhone(String(v)));
    case 'package':
      return text(e.subject ? localized(e.subject, 'name', lang) : String(v));
    case 'card': {
      const card = typeof v === 'object' ? (v as { brand?: string; last4?: unknown }) : { last4: v };
      const digits = card.last4 !== undefined ? `•••• ${card.last4}` : '';
      return ltr([card.brand, digits].filter(Boolean).join(' '));
    }
    case 'expiry':
      return ltr(String(v));
  }
  if (typeof v === 'boolean') return text(t(`activity.values.yesNo.${v}`));
  if (typeof v === 'number') return ltr(formatNumber(v, lang));
  return text(typeof v === 'object' ? JSON.stringify(v) : String(v));
}

/** "Status: Pending → Approved" for every field the change touched (the arrow follows the language). */
export function changeLines(c: Context): ChangeLine[] {
  const before = merged(c.entry.before);
  const after = merged(c.entry.after);
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields.map((field) => ({
    field,
    label: c.t(`activity.fields.${field}`, { defaultValue: field }),
    before: before && field in before ? shown(field, before[field], c) : null,
    after: after && field in after ? shown(field, after[field], c) : null,
  }));
}
