import type { SheetProps } from '../../lib/menu';
import { SettlementList } from './settlement-list';

/** The settings entry "Pending settlements". */
export default function PendingSettlementsSheet({ onClose }: SheetProps) {
  return <SettlementList status="pending" onOpen={onClose} />;
}
