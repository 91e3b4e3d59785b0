import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PageTitle } from '../../components/PageTitle';
import { ScreenStateView } from '../../components/ScreenStateView';
import { screenStateOf, type ScreenState } from '../../lib/screen-state';
import { answerScreen } from '../../lib/answer-screen';
import { useNotifiedError } from '../../lib/use-notified-error';
import { CONTENT_FILES, useContentFile } from '../../lib/content-api';
import { courseProgress, withPendingMarks, type CourseOutline } from './course-progress';
import { ModuleCard } from './ModuleCard';
import { NextLessonCard } from './NextLessonCard';
import { progressQuery } from './progress-api';
import { useLessonMarks } from './use-lesson-marks';
// The box beside its label needs InlineInput's layout, which Checkbox's own styles assume.
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Button.css';
import classes from './classes.module.css';

/** Two loads shown as one: an error as soon as either fails, loaded when both are. */
function bothLoaded<A, B>(a: ScreenState<A>, b: ScreenState<B>): ScreenState<[A, B]> {
  if (a.state === 'ERROR') return a;
  if (b.state === 'ERROR') return b;
  if (a.state === 'LOADED' && b.state === 'LOADED') return { state: 'LOADED', data: [a.data, b.data] };
  return { state: 'LOADING' };
}

/**
 * /classes, Mes classes (decision 0010): the signed-in user's progress through the Arabic course of
 * /coursarabe: lessons done, per module and in all, the next lesson, and a box per lesson to mark it done
 * or not. The progress is kept on the server, so it follows the user from one device to another.
 */
export function ClassesPage() {
  const course = useContentFile<CourseOutline>(CONTENT_FILES.coursarabe);
  const progress = useQuery(progressQuery());
  useNotifiedError(progress.error);
  const { pending, mark } = useLessonMarks();

  const screen = bothLoaded(screenStateOf(course), answerScreen(progress));

  return (
    <div className={classes.page}>
      <PageTitle>Mes classes</PageTitle>
      <Text mb="lg">
        Votre progression dans le cours d'arabe, enregistrée sur votre compte : elle vous suit d'un appareil à
        l'autre.
      </Text>
      <ScreenStateView screen={screen} loadingLabel="Chargement de votre progression">
        {([outline, saved]) => {
          const state = courseProgress(
            outline,
            withPendingMarks(saved.lessons, pending, new Date().toISOString()),
          );
          const onMark = (slug: string, done: boolean) => void mark(slug, done);
          return (
            <>
              <NextLessonCard progress={state} pending={pending} onMark={onMark} />
              <Stack gap="lg">
                {state.modules.map((module) => (
                  <ModuleCard key={module.numero} module={module} pending={pending} onMark={onMark} />
                ))}
              </Stack>
            </>
          );
        }}
      </ScreenStateView>
    </div>
  );
}
