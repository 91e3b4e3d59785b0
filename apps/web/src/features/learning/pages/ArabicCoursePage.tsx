import { Anchor, Card, List, Stack, Table, Text, Title } from '@mantine/core';
import type { Course, CourseModule } from '@app/contracts';
import { ArabicText } from '../components/ArabicText';
import { LearningPage } from '../components/LearningPage';
import { MixedText } from '../components/MixedText';
import { VideoFacade } from '../components/VideoFacade';
import classes from '../components/learning.module.css';
import '@mantine/core/styles/Table.css';

function Lesson({ course }: { course: Course }) {
  const headingId = `cours-${course.numero}`;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId} className={classes.lesson}>
      <Title order={3} id={headingId}>
        Cours {course.numero} : {course.titre}
      </Title>
      <Text mt="xs">
        <Text span fw={700}>
          Objectif :
        </Text>{' '}
        <MixedText>{course.objectif}</MixedText>
      </Text>
      <Stack gap="sm" mt="md">
        {course.explication.map((paragraph) => (
          <Text key={paragraph}>
            <MixedText>{paragraph}</MixedText>
          </Text>
        ))}
      </Stack>
      {/* A plain scrolling box (not Mantine's ScrollArea, ten of which cost a phone real work to start):
          focusable and named, so a keyboard user can scroll it too. */}
      <div
        className={classes.examples}
        role="region"
        aria-label={`Exemples du cours ${course.numero}`}
        tabIndex={0}
      >
        <Table striped withTableBorder className={classes.examplesTable}>
          <Table.Caption style={{ color: 'var(--mantine-color-gray-7)' }}>Exemples</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Arabe</Table.Th>
              <Table.Th>Translittération</Table.Th>
              <Table.Th>Français</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {course.exemples.map((example) => (
              <Table.Tr key={example.arabe}>
                <Table.Td>
                  <ArabicText size="md" component="span">
                    {example.arabe}
                  </ArabicText>
                </Table.Td>
                <Table.Td>{example.translitteration}</Table.Td>
                <Table.Td>{example.francais}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
      {course.images.map((image) => (
        <img
          key={image.src}
          src={image.src}
          alt={image.alt}
          width={image.width}
          height={image.height}
          loading="lazy"
          decoding="async"
          style={{ maxWidth: '100%', height: 'auto', marginTop: 'var(--mantine-spacing-md)' }}
        />
      ))}
      {course.video.youtubeId && (
        <Stack gap={4} mt="md">
          <Text fw={700}>Vidéo</Text>
          <VideoFacade
            youtubeId={course.video.youtubeId}
            title={course.video.titre}
            channel={course.video.chaine}
          />
        </Stack>
      )}
    </Card>
  );
}

function Contents({ modules }: { modules: CourseModule[] }) {
  return (
    <nav aria-label="Sommaire du cours">
      <List spacing={4} mb="xl">
        {modules.map((module) => (
          <List.Item key={module.numero}>
            <Text fw={700}>{module.titre}</Text>
            <List withPadding spacing={2}>
              {module.cours.map((course) => (
                <List.Item key={course.numero}>
                  <Anchor href={`#cours-${course.numero}`}>
                    Cours {course.numero} : {course.titre}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          </List.Item>
        ))}
      </List>
    </nav>
  );
}

export function ArabicCoursePage() {
  return (
    <LearningPage<{ modules: CourseModule[] }>
      title="Cours d'arabe"
      intro="Un cours pour débutants francophones : apprendre à lire l'arabe (module 1), puis les premières règles de grammaire (module 2)."
      file="coursArabe.json"
    >
      {({ modules }) => (
        <>
          <Contents modules={modules} />
          <Stack gap={48}>
            {modules.map((module) => (
              <Stack key={module.numero} gap="lg" component="section" aria-label={module.titre}>
                <Title order={2}>{module.titre}</Title>
                {module.cours.map((course) => (
                  <Lesson key={course.numero} course={course} />
                ))}
              </Stack>
            ))}
          </Stack>
        </>
      )}
    </LearningPage>
  );
}
