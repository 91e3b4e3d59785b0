import type { ReactNode } from 'react';
import { PageTitle } from './PageTitle';
import { BusinessNav } from './BusinessNav';
import './business-styles';
import classes from './business.module.css';

type Props = {
  title: string;
  /** Above the title (a breadcrumb). */
  before?: ReactNode;
  /** Beside the title (an export button). */
  actions?: ReactNode;
  children: ReactNode;
};

/**
 * The frame of every business screen: the links between them, the page's one h1 and its content. The
 * business area speaks English on a French site: lang="en" lets screen readers pronounce it as such.
 */
export function BusinessPage({ title, before, actions, children }: Props) {
  return (
    <div lang="en" className={classes.area}>
      <BusinessNav />
      {before}
      <div className={classes.headingRow}>
        <PageTitle>{title}</PageTitle>
        {actions && <div className={classes.noPrint}>{actions}</div>}
      </div>
      {children}
    </div>
  );
}
