import { Anchor, Card, Checkbox, Group, Progress, Text, Title } from '@mantine/core';
import type { ModuleState } from './course-progress';
import { lessonHref } from './course-progress';
import classes from './classes.module.css';

type Props = {
  module: ModuleState;
  pending: ReadonlyMap<string, boolean>;
  onMark: (slug: string, done: boolean) => void;
};

const longDate = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long' });

/** One module of the course: how far along it is, and each lesson with its box to tick. */
export function ModuleCard({ module, pending, onMark }: Props) {
  const headingId = `module-${module.numero}`;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {module.titre}
      </Title>
      <Group gap="sm" mt="xs" mb="md" wrap="nowrap">
        <Progress
          className={classes.bar}
          value={Math.round((module.done / module.total) * 100)}
          aria-label={`Progression — ${module.titre}`}
        />
        <Text size="sm" className={classes.count}>
          {module.done} sur {module.total}
        </Text>
      </Group>
      <ul className={classes.lessons}>
        {module.lessons.map((lesson) => (
          <li key={lesson.slug} className={classes.lesson}>
            <Checkbox
              checked={lesson.completedAt !== undefined}
              disabled={pending.has(lesson.slug)}
              onChange={(event) => onMark(lesson.slug, event.currentTarget.checked)}
              label={`Cours ${lesson.numero} : ${lesson.titre}`}
              description={
                lesson.completedAt !== undefined && !pending.has(lesson.slug)
                  ? `Terminé le ${longDate.format(new Date(lesson.completedAt))}`
                  : undefined
              }
            />
            <Anchor href={lessonHref(lesson)} size="sm" className={classes.open}>
              Lire le cours {lesson.numero}
            </Anchor>
          </li>
        ))}
      </ul>
    </Card>
  );
}
