import { Anchor, Button, Card, Group, Progress, Text, Title } from '@mantine/core';
import type { CourseProgress } from './course-progress';
import { lessonHref } from './course-progress';
import classes from './classes.module.css';

type Props = {
  progress: CourseProgress;
  pending: ReadonlyMap<string, boolean>;
  onMark: (slug: string, done: boolean) => void;
};

/** Where the learner stands in the whole course, and the lesson to take next. */
export function NextLessonCard({ progress, pending, onMark }: Props) {
  const { next } = progress;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="classes-overview" mb="lg">
      <Title order={2} size="h3" id="classes-overview">
        Ma progression
      </Title>
      <Group gap="sm" mt="xs" wrap="nowrap">
        <Progress
          className={classes.bar}
          size="lg"
          value={progress.percent}
          aria-label="Progression dans le cours d'arabe"
        />
        <Text fw={700} className={classes.count}>
          {progress.percent} %
        </Text>
      </Group>
      <Text mt="xs">
        {progress.done} cours terminé{progress.done > 1 ? 's' : ''} sur {progress.total}.
      </Text>
      {next ? (
        <div className={classes.next}>
          <Text fw={700}>Prochain cours</Text>
          <Text>
            <Anchor href={lessonHref(next)}>
              Cours {next.numero} : {next.titre}
            </Anchor>
          </Text>
          <Button mt="xs" onClick={() => onMark(next.slug, true)} loading={pending.has(next.slug)}>
            Marquer le cours {next.numero} comme terminé
          </Button>
        </div>
      ) : (
        <Text mt="sm" fw={700}>
          Vous avez terminé tous les cours. Félicitations !
        </Text>
      )}
    </Card>
  );
}
