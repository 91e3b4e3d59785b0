import { useId, type ReactNode } from 'react';
import { Paper, Text, Title } from '@mantine/core';

type Props = {
  title: string;
  /** One sentence under the heading: what the section does, or what follows from it. */
  description?: ReactNode;
  children: ReactNode;
};

/** One part of the profile screen: a card that is a section named by its own heading (h2). */
export function ProfileSection({ title, description, children }: Props) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
    >
      <Title order={2} size="h4" id={headingId} mb={description ? 4 : 'sm'}>
        {title}
      </Title>
      {description && (
        <Text size="sm" c="dimmed" mb="md">
          {description}
        </Text>
      )}
      {children}
    </Paper>
  );
}
