import { Anchor, Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { Prophet } from '@app/contracts';
import { ArabicText } from '../components/ArabicText';
import { LearningPage } from '../components/LearningPage';
import { MixedText } from '../components/MixedText';

function ChapterLinks({ chapters }: { chapters: number[] }) {
  return (
    <Text size="sm" mt="md" c="gray.7">
      Cité dans les sourates{' '}
      {chapters.map((chapter, index) => (
        <span key={chapter}>
          {index > 0 && ', '}
          <Anchor component={Link} to={`/coran/${chapter}`}>
            {chapter}
          </Anchor>
        </span>
      ))}
      .
    </Text>
  );
}

export function ProphetsPage() {
  return (
    <LearningPage<Prophet[]>
      title="Les Prophètes de l'Islam"
      intro="Les vingt-cinq prophètes nommés dans le Coran, d'Adam à Muhammad ﷺ, avec les sourates qui les mentionnent."
      file="propheteHistory.json"
    >
      {(prophets) => (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {prophets.map((prophet) => (
            <Card key={prophet.nom} withBorder padding="lg" component="article">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Title order={2} size="h3">
                  {prophet.nom}
                </Title>
                <ArabicText size="lg" component="span">
                  {prophet.nom_arabe}
                </ArabicText>
              </Group>
              <Text mt="xs">
                <Text span fw={700}>
                  Rôle :
                </Text>{' '}
                {prophet.role}
              </Text>
              <Text mt="sm" size="sm" style={{ whiteSpace: 'pre-line' }}>
                <MixedText>{prophet.histoire}</MixedText>
              </Text>
              <ChapterLinks chapters={prophet.sourates} />
            </Card>
          ))}
        </SimpleGrid>
      )}
    </LearningPage>
  );
}
