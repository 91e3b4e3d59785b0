import { useId, type ReactNode } from 'react';
import { Table, VisuallyHidden } from '@mantine/core';
import classes from './ScrollTable.module.css';

type Props = {
  /** The table's caption: its name for screen readers and for the scrolling box. */
  caption: string;
  /** Whether a new page or search is being fetched (announced to assistive technology). */
  busy?: boolean;
  /** Off for a table whose rows are not picked (highlighting suggests a row can be acted on). */
  highlightOnHover?: boolean;
  head: ReactNode;
  children: ReactNode;
};

/**
 * A data table that keeps its columns readable on a 375 px phone by scrolling sideways in its own box.
 * The box can take focus, so a keyboard user can scroll it too.
 */
export function ScrollTable({ caption, busy = false, highlightOnHover = true, head, children }: Props) {
  const captionId = useId();
  return (
    <div className={classes.scroll} role="region" aria-labelledby={captionId} tabIndex={0}>
      <Table
        className={classes.table}
        striped
        highlightOnHover={highlightOnHover}
        verticalSpacing="xs"
        aria-busy={busy}
      >
        <caption id={captionId}>
          <VisuallyHidden>{caption}</VisuallyHidden>
        </caption>
        <Table.Thead>{head}</Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </div>
  );
}

/** The one row of an empty table. */
export function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>{children}</Table.Td>
    </Table.Tr>
  );
}
