import type { ReactNode } from 'react';
import classes from './ArabicText.module.css';

type Props = {
  children: ReactNode;
  size?: 'md' | 'lg' | 'xl';
  component?: 'p' | 'span' | 'div' | 'h2' | 'h3';
};

/** Arabic always sits in an element with lang="ar" dir="rtl", set in an Arabic face at a readable size. */
export function ArabicText({ children, size = 'lg', component: Component = 'p' }: Props) {
  return (
    <Component lang="ar" dir="rtl" className={`${classes.arabic} ${classes[size]}`}>
      {children}
    </Component>
  );
}
