import { Sheet, type SheetProps } from './sheet';

// Fit the content, up to 90% of the screen.
const contentStyle = { height: 'auto', maxHeight: '90dvh', maxWidth: 720, marginInline: 'auto' };

/** A sheet that slides up from the bottom (settings entries, edit forms). */
export function BottomSheet(props: SheetProps) {
  return <Sheet {...props} position="bottom" radius="lg" contentStyle={contentStyle} />;
}
