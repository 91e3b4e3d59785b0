import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';
import classes from './business.module.css';

export type Crumb = { label: string; to?: string };

/** Where the screen sits; the last crumb is the current page, as text. */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className={classes.noPrint}>
      <Breadcrumbs mb="sm" separator="/">
        {items.map((item) =>
          item.to ? (
            <Anchor key={item.label} component={Link} to={item.to} size="sm">
              {item.label}
            </Anchor>
          ) : (
            <Text key={item.label} size="sm" aria-current="page">
              {item.label}
            </Text>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
