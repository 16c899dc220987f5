/**
 * What the settings menu (SPEC §2 "Settings page") and the footer side panels contain, per role.
 * To plug a feature's sheet in, give its entry `sheet: sheet(() => import('../features/x/x-sheet'))`
 * (a default export taking SheetProps); entries without a sheet show "coming soon".
 */
import {
  IconBox,
  IconBuildingStore,
  IconCash,
  IconChartBar,
  IconCreditCard,
  IconFileInvoice,
  IconGift,
  IconHistory,
  IconHistoryToggle,
  IconHourglass,
  IconListCheck,
  IconLock,
  IconPackage,
  IconShieldLock,
  IconTicket,
  IconTruckDelivery,
  IconUserPlus,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { type ComponentType, lazy } from 'react';
import { englishLater } from '../lib/i18n';
import type { MenuEntry, SheetProps } from '../lib/menu';

/** A feature's sheet: its chunk, drawn once the other features' English strings are in (lib/i18n.ts). */
const sheet = (load: () => Promise<{ default: ComponentType<SheetProps> }>) =>
  lazy(() => Promise.all([load(), englishLater()]).then(([m]) => m));

const merchant = ['merchant'] as const;
const staff = ['merchant', 'merchantUser'] as const;

const BranchesSheet = sheet(() => import('../features/branches/branches-sheet'));
const OffersSheet = sheet(() => import('../features/offers/offers-sheet'));
const ProductsSheet = sheet(() => import('../features/products/products-sheet'));

export const menuEntries: readonly MenuEntry[] = [
  { id: 'branches', labelKey: 'menu.branches', icon: IconBuildingStore, roles: merchant, sheet: BranchesSheet },
  { id: 'offers', labelKey: 'menu.offers', icon: IconGift, roles: merchant, sheet: OffersSheet },
  {
    id: 'employees',
    labelKey: 'menu.employees',
    icon: IconUsers,
    roles: merchant,
    sheet: sheet(() => import('../features/employees/employees-sheet')),
  },
  { id: 'products', labelKey: 'menu.products', icon: IconBox, roles: staff, sheet: ProductsSheet },
  {
    id: 'permissionSets',
    labelKey: 'menu.permissionSets',
    icon: IconShieldLock,
    roles: merchant,
    sheet: sheet(() => import('../features/permissions/permission-sets-sheet')),
  },
  {
    id: 'managerOverride',
    labelKey: 'menu.managerOverride',
    icon: IconLock,
    roles: merchant,
    sheet: sheet(() => import('../features/permissions/override-sheet')),
  },
  {
    id: 'deliveryEmployees',
    labelKey: 'menu.deliveryEmployees',
    icon: IconUsersGroup,
    roles: merchant,
    sheet: sheet(() => import('../features/employees/delivery-employees-sheet')),
  },
  {
    id: 'offerRequests',
    labelKey: 'menu.offerRequests',
    icon: IconListCheck,
    roles: staff,
    sheet: sheet(() => import('../features/requests/requests-sheet')),
  },
  {
    id: 'invoices',
    labelKey: 'menu.invoices',
    icon: IconFileInvoice,
    roles: merchant,
    sheet: sheet(() => import('../features/packages/invoices-sheet')),
  },
  {
    id: 'packages',
    labelKey: 'menu.packages',
    icon: IconPackage,
    roles: merchant,
    sheet: sheet(() => import('../features/packages/packages-sheet')),
  },
  {
    id: 'tickets',
    labelKey: 'menu.tickets',
    icon: IconTicket,
    roles: merchant,
    sheet: sheet(() => import('../features/tickets/tickets-sheet')),
  },
  {
    id: 'paymentMethods',
    labelKey: 'menu.paymentMethods',
    icon: IconCreditCard,
    roles: merchant,
    sheet: sheet(() => import('../features/packages/payment-methods-sheet')),
  },
  {
    id: 'addUser',
    labelKey: 'menu.addUser',
    icon: IconUserPlus,
    roles: staff,
    permission: 'walkIns',
    sheet: sheet(() => import('../features/users/add-user-sheet')),
  },
  {
    id: 'productRequests',
    labelKey: 'menu.productRequests',
    icon: IconTruckDelivery,
    roles: merchant,
    sheet: sheet(() => import('../features/product-requests/product-requests-sheet')),
  },
  {
    id: 'initialSettlements',
    labelKey: 'menu.initialSettlements',
    icon: IconCash,
    roles: merchant,
    sheet: sheet(() => import('../features/settlements/initial-settlements-sheet')),
  },
  {
    id: 'pendingSettlements',
    labelKey: 'menu.pendingSettlements',
    icon: IconHourglass,
    roles: merchant,
    sheet: sheet(() => import('../features/settlements/pending-settlements-sheet')),
  },
  {
    id: 'accountReports',
    labelKey: 'menu.accountReports',
    icon: IconChartBar,
    roles: staff,
    permission: 'reports',
    sheet: sheet(() => import('../features/reports/reports-sheet')),
  },
  {
    id: 'pointsHistory',
    labelKey: 'menu.pointsHistory',
    icon: IconHistory,
    roles: merchant,
    sheet: sheet(() => import('../features/transactions/history-sheet')),
  },
  {
    id: 'activity',
    labelKey: 'menu.activity',
    icon: IconHistoryToggle,
    roles: merchant,
    sheet: sheet(() => import('../features/activity/activity-sheet')),
  },
  {
    id: 'availableDeliveries',
    labelKey: 'menu.availableDeliveries',
    icon: IconTruckDelivery,
    roles: ['delivery'],
    sheet: sheet(() => import('../features/deliveries/deliveries-sheet')),
  },
];

/** The merchant's footer side panels (SPEC §2); same plug-in rule as the menu entries. */
export const footerPanels: readonly MenuEntry[] = [
  { id: 'productList', labelKey: 'nav.productList', icon: IconBox, roles: merchant, sheet: ProductsSheet },
  { id: 'offerList', labelKey: 'nav.offerList', icon: IconGift, roles: merchant, sheet: OffersSheet },
];
