/**
 * The console's areas and who reaches them (issue 25 roles): admin everything; support merchants,
 * tickets and customers; finance packages, tags, settlements, invoices and customers. The server enforces the same
 * per call (403); the menu only shows what a role can use, and the guard sends others home.
 */
import {
  IconBuildingStore,
  IconCash,
  IconFileInvoice,
  IconHome,
  IconListDetails,
  IconPackage,
  IconTags,
  IconTicket,
  IconUserShield,
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import type { OperatorRole } from './types';

export type Area =
  | 'home'
  | 'merchants'
  | 'tickets'
  | 'settlements'
  | 'invoices'
  | 'customers'
  | 'packages'
  | 'tags'
  | 'operators'
  | 'log';

export interface AreaEntry {
  area: Area;
  /** Under /operator ('' is the home). */
  path: string;
  icon: ComponentType<{ size?: number | string; stroke?: number | string }>;
  roles: readonly OperatorRole[];
}

const everyone = ['admin', 'support', 'finance'] as const;

export const AREAS: readonly AreaEntry[] = [
  { area: 'home', path: '', icon: IconHome, roles: everyone },
  { area: 'merchants', path: 'merchants', icon: IconBuildingStore, roles: ['admin', 'support'] },
  { area: 'tickets', path: 'tickets', icon: IconTicket, roles: ['admin', 'support'] },
  { area: 'settlements', path: 'settlements', icon: IconCash, roles: ['admin', 'finance'] },
  { area: 'invoices', path: 'invoices', icon: IconFileInvoice, roles: ['admin', 'finance'] },
  { area: 'customers', path: 'customers', icon: IconUsers, roles: everyone },
  { area: 'packages', path: 'packages', icon: IconPackage, roles: ['admin', 'finance'] },
  { area: 'tags', path: 'tags', icon: IconTags, roles: ['admin', 'finance'] },
  { area: 'operators', path: 'operators', icon: IconUserShield, roles: ['admin'] },
  { area: 'log', path: 'log', icon: IconListDetails, roles: ['admin'] },
];

/** The menu of a role, in order. */
export const areasOf = (role: OperatorRole): AreaEntry[] => AREAS.filter((a) => a.roles.includes(role));

export const canReach = (role: OperatorRole, area: Area): boolean => areasOf(role).some((a) => a.area === area);

/** Support reads customers only; finance may grant or take back points (and admin). */
export const canGrantPoints = (role: OperatorRole): boolean => role === 'admin' || role === 'finance';
