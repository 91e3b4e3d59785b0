import { Table, UnstyledButton } from '@mantine/core';
import type { SortOrder } from '@app/contracts';
import classes from '../../../components/business.module.css';

/** A list's order, when its headers sort it: the column, its direction, and how to change it. */
export type Sorting<S extends string> = { sort?: S; order: SortOrder; onSort: (sort: S) => void };

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** A column header: its name, or, when the list can be sorted by it, a button that sorts by it and says how. */
export function SortableHeader<S extends string>({
  label,
  sort,
  sorting,
  right = false,
}: {
  label: string;
  sort?: S;
  sorting?: Sorting<S>;
  right?: boolean;
}) {
  const style = right ? { textAlign: 'right' as const } : undefined;
  if (!sorting || !sort) {
    return (
      <Table.Th scope="col" style={style}>
        {label}
      </Table.Th>
    );
  }
  const active = sorting.sort === sort;
  return (
    <Table.Th scope="col" style={style} aria-sort={active ? ARIA_SORT[sorting.order] : 'none'}>
      <UnstyledButton className={classes.sortButton} onClick={() => sorting.onSort(sort)}>
        {label}
        <span aria-hidden="true" className={classes.sortMark}>
          {active ? (sorting.order === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </UnstyledButton>
    </Table.Th>
  );
}
