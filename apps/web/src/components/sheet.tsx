import { Suspense } from 'react';
import { deferred, useDeferredDialog } from '../lib/deferred';
import type { PlacementProps, SheetProps } from './sheet-drawer';

export type { PlacementProps, SheetProps } from './sheet-drawer';

const drawer = deferred(() => import('./sheet-drawer').then((m) => m.SheetDrawer));

/**
 * A drawer with a bold title and a translated close button; `BottomSheet` and `SidePanel` place it.
 * Its code is fetched once the page is idle and drawn when it first opens (lib/deferred).
 */
export function Sheet(props: SheetProps & PlacementProps) {
  const { Dialog, openedAtStart } = useDeferredDialog(props.opened, drawer);
  if (!Dialog) return null;
  return (
    <Suspense fallback={null}>
      <Dialog {...props} openedAtStart={openedAtStart} />
    </Suspense>
  );
}
