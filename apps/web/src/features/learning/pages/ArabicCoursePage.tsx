import { Anchor, Card, List, Stack, Table, Text, Title } from '@mantine/core';
import type { Course, CourseModule } from '@app/contracts';
import { ArabicText } from '../../../components/ArabicText';
import { LearningPage } from '../components/LearningPage';
import { MixedText } from '../../../components/MixedText';
import { VideoFacade } from '../components/VideoFacade';
import classes from '../components/learning.module.css';
import '@mantine/core/styles/Table.css';

/** The course's video behind its facade, with what it is known to teach. */
function CourseVideo({ course }: { course: Course }) {
  const { video } = course;
  return (
    <Stack gap={4} mt="md">
      <VideoFacade vimeoId={video.vimeoId} vimeoHash={video.vimeoHash} title={video.titre} />
      {video.programme && (
        <>
          <Text fw={700} mt="xs">
            Dans la vidéo
          </Text>
          <List spacing={2}>
            {video.programme.map((topic) => (
              <List.Item key={topic}>
                <MixedText>{topic}</MixedText>
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Stack>
  );
}

/** A dialogue line by line: who speaks, the Arabic, how it reads and what it means. */
function Dialogue({ lines, courseNumber }: { lines: NonNullable<Course['dialogue']>; courseNumber: number }) {
  return (
    <Stack gap={4} mt="md">
      <Text fw={700} id={`dialogue-${courseNumber}`}>
        Dialogue
      </Text>
      <ol className={classes.dialogue} aria-labelledby={`dialogue-${courseNumber}`}>
        {lines.map((line, index) => (
          // A line can be said twice in a dialogue: its place is its identity.
          <li key={index}>
            <Text span fw={700} className={classes.speaker}>
              {line.personnage} :
            </Text>
            <div className={classes.spoken}>
              <ArabicText size="md">{line.arabe}</ArabicText>
            </div>
            <Text size="sm" fs="italic" className={classes.reading}>
              {line.translitteration}
            </Text>
            <Text size="sm" className={classes.meaning}>
              {line.francais}
            </Text>
          </li>
        ))}
      </ol>
    </Stack>
  );
}

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
      <CourseVideo course={course} />
      <Stack gap="sm" mt="md">
        {course.explication.map((paragraph) => (
          <Text key={paragraph}>
            <MixedText>{paragraph}</MixedText>
          </Text>
        ))}
      </Stack>
      {course.dialogue && <Dialogue lines={course.dialogue} courseNumber={course.numero} />}
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
      {course.devoirs && (
        <Stack gap={4} mt="md">
          <Text fw={700}>Devoirs</Text>
          <List type="ordered" spacing={2}>
            {course.devoirs.map((task) => (
              <List.Item key={task}>{task}</List.Item>
            ))}
          </List>
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
