import { Sheet, type SheetProps } from './sheet';

/**
 * A panel from the inline-end side (footer Product List and Offer List). Mantine's "right"
 * drawer is placed at the end of the line, so it opens from the left in Arabic.
 */
export function SidePanel(props: SheetProps) {
  return <Sheet {...props} position="right" size="md" />;
}
