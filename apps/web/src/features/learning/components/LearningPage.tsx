import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import { PageTitle } from '../../../components/PageTitle';
import { ScreenStateView } from '../../../components/ScreenStateView';
import { screenStateOf } from '../../../lib/screen-state';
import { useContentFile } from '../../../lib/content-api';
import { MixedText } from '../../../components/MixedText';

type Props<T> = {
  title: string;
  /** A line of French; its Arabic, such as the honorific ﷺ, is set in the Arabic face. */
  intro?: string;
  file: string;
  children: (data: T) => ReactNode;
};

/** A learning page: its title, a line of introduction, then its content file in the three screen states. */
export function LearningPage<T>({ title, intro, file, children }: Props<T>) {
  const query = useContentFile<T>(file);
  return (
    <>
      <PageTitle>{title}</PageTitle>
      {intro && (
        <Text c="var(--site-text-muted)" mb="lg" maw={760}>
          <MixedText>{intro}</MixedText>
        </Text>
      )}
      <ScreenStateView screen={screenStateOf(query)} loadingLabel="Chargement du contenu">
        {children}
      </ScreenStateView>
    </>
  );
}
