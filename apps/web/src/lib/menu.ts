/**
 * The settings menu and the footer panels are configured by the app (`app/menu.tsx`), which may
 * import any feature's sheet; the settings screen reads the entries from this context, so a later
 * issue plugs its sheet in by editing one line of that config.
 */
import type { Permission, StaffRole } from '@loyalty/contract';
import { type ComponentType, createContext, useContext } from 'react';
import { useCan } from './permissions';

export interface SheetProps {
  /** Close the sheet (after a successful add, say). */
  onClose: () => void;
}

export interface MenuEntry {
  /** Stable id, also the `?sheet=<id>` that opens it from a link (`/setting?sheet=products`). */
  id: string;
  /** i18n key of the label. */
  labelKey: string;
  icon: ComponentType<{ size?: number | string; stroke?: number | string }>;
  roles: readonly StaffRole[];
  /** The permission a staff member's set must hold to see it (issue 27); merchants see every entry. */
  permission?: Permission;
  /** The sheet's content; absent means "coming soon". Use React.lazy so each sheet loads on demand. */
  sheet?: ComponentType<SheetProps>;
}

export const MenuContext = createContext<readonly MenuEntry[]>([]);

/** The entries a role sees, in configured order. */
export const useMenuEntries = (role: StaffRole | null): MenuEntry[] => {
  const entries = useContext(MenuContext);
  const can = useCan();
  return role ? entries.filter((e) => e.roles.includes(role) && (!e.permission || can(e.permission))) : [];
};
