import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render';
import { ConsoleMenu } from './console-menu';
import { areasOf, canGrantPoints, canReach } from './menu';
import ar from './strings/ar.json';
import en from './strings/en.json';
import type { OperatorRole } from './types';

const menuOf = (role: OperatorRole) => {
  renderScreen(<ConsoleMenu operatorRole={role} />, '/operator/merchants');
  const nav = screen.getByRole('navigation', { name: 'Console menu' });
  return within(nav)
    .getAllByRole('link')
    .map((a) => a.textContent);
};

describe('the console menu reflects the role', () => {
  it('admin: every area', () => {
    expect(menuOf('admin')).toEqual([
      'Home',
      'Merchants',
      'Tickets',
      'Settlements',
      'Invoices',
      'Customers',
      'Packages',
      'Tags',
      'Operators',
      'Operator log',
    ]);
  });

  it('support: home, merchants, tickets, customers', () => {
    expect(menuOf('support')).toEqual(['Home', 'Merchants', 'Tickets', 'Customers']);
  });

  it('finance: home, settlements, invoices, customers, packages, tags', () => {
    expect(menuOf('finance')).toEqual(['Home', 'Settlements', 'Invoices', 'Customers', 'Packages', 'Tags']);
  });

  it('marks the current area and links each to its address', () => {
    renderScreen(<ConsoleMenu operatorRole="admin" />, '/operator/merchants/12', '/operator/merchants/:id');
    const current = screen.getByRole('link', { current: 'page' });
    expect(current.textContent).toBe('Merchants');
    expect(current.getAttribute('href')).toBe('/operator/merchants');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/operator');
  });

  it('the guard and the points form follow the same roles', () => {
    expect(canReach('support', 'packages')).toBe(false);
    expect(canReach('support', 'tags')).toBe(false);
    expect(canReach('finance', 'tags')).toBe(true);
    expect(canReach('support', 'invoices')).toBe(false);
    expect(canReach('finance', 'invoices')).toBe(true);
    expect(canReach('finance', 'merchants')).toBe(false);
    expect(canReach('support', 'customers')).toBe(true);
    expect(areasOf('admin').every((a) => canReach('admin', a.area))).toBe(true);
    expect(canGrantPoints('support')).toBe(false);
    expect(canGrantPoints('finance')).toBe(true);
  });
});

describe('console strings', () => {
  const keys = (tree: object, prefix = ''): string[] =>
    Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
  it('English and Arabic have the same keys, none empty', () => {
    expect(keys(ar).sort()).toEqual(keys(en).sort());
    for (const tree of [en, ar])
      for (const k of keys(tree)) {
        const value = k.split('.').reduce<unknown>((n, p) => (n as Record<string, unknown>)[p], tree);
        expect(String(value).trim(), k).not.toBe('');
      }
  });
});
