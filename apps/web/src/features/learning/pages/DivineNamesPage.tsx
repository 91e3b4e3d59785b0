import { Badge, Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import type { DivineName } from '@app/contracts';
import { ArabicText } from '../components/ArabicText';
import { LearningPage } from '../components/LearningPage';
import { MixedText } from '../components/MixedText';

export function DivineNamesPage() {
  return (
    <LearningPage<DivineName[]>
      title="Les Noms Divins d'Allah (Asma ul Husna)"
      intro="Les quatre-vingt-dix-neuf noms, dans l'ordre de la liste rapportée par at-Tirmidhî (n° 3507)."
      file="namesOfAllah.json"
    >
      {(names) => (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          spacing="lg"
          component="ol"
          style={{ listStyle: 'none', padding: 0 }}
        >
          {names.map((name) => (
            <Card key={name.number} withBorder padding="lg" component="li">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Badge size="lg" variant="filled" aria-label={`Nom n° ${name.number}`}>
                  {name.number}
                </Badge>
                <ArabicText size="xl" component="span">
                  {name.name}
                </ArabicText>
              </Group>
              <Title order={2} size="h4" mt="sm">
                {name.transliteration}
              </Title>
              <Text fw={600} c="teal.9">
                {name.meaning}
              </Text>
              <Text size="sm" mt="sm">
                <MixedText>{name.description}</MixedText>
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </LearningPage>
  );
}
