import { Badge } from '@mantine/core';
import { customerStatusColors, invoiceStatusColors } from '../lib/status-badges';

/** A status in words on its colour (SPEC §4): the words are what a screen reader and a printer keep. */
export function StatusBadge({ kind, status }: { kind: 'customer' | 'invoice'; status: string }) {
  const { background, text } =
    kind === 'customer' ? customerStatusColors(status) : invoiceStatusColors(status);
  return (
    // Never cut to "PEND…": the whole word is what the badge says.
    <Badge
      variant="filled"
      color={background}
      c={text}
      radius="sm"
      className="status-badge"
      styles={{ root: { minWidth: 'max-content', overflow: 'visible' }, label: { overflow: 'visible' } }}
    >
      {status}
    </Badge>
  );
}
