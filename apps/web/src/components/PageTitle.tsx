import { useEffect, useRef } from 'react';
import { Title, type TitleSize } from '@mantine/core';

type Props = {
  children: string;
  /** Drawn smaller than a page's main heading (inside a card); still the page's one h1. */
  size?: TitleSize;
  /**
   * Moves focus to the heading when it appears: for a screen that swaps one view for another (a form for
   * its result), so keyboard and screen-reader users land on, and hear, the new view.
   */
  focus?: boolean;
};

/** The page's heading, also used as the document title so tabs and history read well. */
export function PageTitle({ children, size, focus = false }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${children} · Coran et Hadith`;
  }, [children]);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return (
    <Title order={1} size={size} mb="lg" ref={heading} tabIndex={focus ? -1 : undefined}>
      {children}
    </Title>
  );
}
