import type { SheetProps } from '../../lib/menu';
import { SettlementList } from './settlement-list';

/** The settings entry "Initial settlements". */
export default function InitialSettlementsSheet({ onClose }: SheetProps) {
  return <SettlementList status="initial" onOpen={onClose} />;
}
