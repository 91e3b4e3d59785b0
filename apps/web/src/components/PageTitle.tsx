import { useEffect } from 'react';
import { Title } from '@mantine/core';

/** The page's heading, also used as the document title so tabs and history read well. */
export function PageTitle({ children }: { children: string }) {
  useEffect(() => {
    document.title = `${children} · Coran et Hadith`;
  }, [children]);
  return (
    <Title order={1} mb="lg">
      {children}
    </Title>
  );
}
