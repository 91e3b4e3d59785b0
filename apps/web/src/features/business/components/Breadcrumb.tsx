import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths';
import classes from '../../../components/business.module.css';

export type Crumb = { label: string; to?: string };

/**
 * The first crumb of every business screen. SPEC §2.3 has it lead to '/', which opens the Quran reader: it
 * leads to the business area's own home, the dashboard, instead.
 */
const HOME: Crumb = { label: 'Home', to: PATHS.dashboard };

/** Where the screen sits, after 'Home'; the last crumb is the current page, as text. */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className={classes.noPrint}>
      <Breadcrumbs mb="sm" separator="/">
        {[HOME, ...items].map((item) =>
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
