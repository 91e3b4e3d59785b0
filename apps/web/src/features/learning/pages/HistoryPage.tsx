import { Stack, Text, Timeline, Title } from '@mantine/core';
import type { HistoryPeriod } from '@app/contracts';
import { LearningPage } from '../components/LearningPage';

function Period({ period, index }: { period: HistoryPeriod; index: number }) {
  return (
    <section aria-labelledby={`periode-${index}`}>
      <Title order={2} size="h3" mb="md" id={`periode-${index}`}>
        {period.titre_periode}
      </Title>
      <Timeline active={period.evenements.length} bulletSize={16} lineWidth={2} color="teal">
        {period.evenements.map((event) => (
          <Timeline.Item key={`${event.date}-${event.titre}`} title={<Text fw={700}>{event.titre}</Text>}>
            <Text size="sm" fw={600} c="teal.9">
              {event.date}
            </Text>
            <Text size="sm" mt={4}>
              {event.description}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </section>
  );
}

export function HistoryPage() {
  return (
    <LearningPage<{ historiqueMusulman: HistoryPeriod[] }>
      title="Chronologie des Événements"
      intro="Les grandes étapes de l'histoire musulmane, de la première révélation à nos jours."
      file="histoire.json"
    >
      {({ historiqueMusulman }) => (
        <Stack gap={48}>
          {historiqueMusulman.map((period, index) => (
            <Period key={period.titre_periode} period={period} index={index} />
          ))}
        </Stack>
      )}
    </LearningPage>
  );
}
