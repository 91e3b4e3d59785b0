/**
 * Where a learner stands in the Arabic course: the lessons done, per module and in all, and the next lesson
 * to take, which is the first one in course order not done yet (a learner who skipped one is sent back to
 * it). Done lessons the course no longer has are ignored.
 */
import type { CompletedLesson } from '@app/contracts';
import { PATHS } from '../../lib/paths';

/** What this needs of the course file (coursArabe.json). */
export type CourseOutline = {
  modules: { numero: number; titre: string; cours: { numero: number; slug: string; titre: string }[] }[];
};

export type LessonState = {
  numero: number;
  slug: string;
  titre: string;
  /** When it was first marked done (ISO instant); undefined when not done. */
  completedAt: string | undefined;
};

export type ModuleState = {
  numero: number;
  titre: string;
  lessons: LessonState[];
  done: number;
  total: number;
};

export type CourseProgress = {
  modules: ModuleState[];
  done: number;
  total: number;
  /** Whole percent of the lessons done. */
  percent: number;
  /** The first lesson not done, in course order; undefined when every lesson is done. */
  next: LessonState | undefined;
};

const percentOf = (done: number, total: number) => (total === 0 ? 0 : Math.round((done / total) * 100));

export function courseProgress(course: CourseOutline, completed: CompletedLesson[]): CourseProgress {
  const completedAt = new Map(completed.map((lesson) => [lesson.slug, lesson.completedAt]));
  const modules = course.modules.map((module) => {
    const lessons = module.cours.map((lesson) => ({
      numero: lesson.numero,
      slug: lesson.slug,
      titre: lesson.titre,
      completedAt: completedAt.get(lesson.slug),
    }));
    const done = lessons.filter((lesson) => lesson.completedAt !== undefined).length;
    return { numero: module.numero, titre: module.titre, lessons, done, total: lessons.length };
  });
  const done = modules.reduce((sum, module) => sum + module.done, 0);
  const total = modules.reduce((sum, module) => sum + module.total, 0);
  const next = modules.flatMap((module) => module.lessons).find((lesson) => lesson.completedAt === undefined);
  return { modules, done, total, percent: percentOf(done, total), next };
}

/**
 * The done lessons as they will be once the marks on their way to the server are saved, so a ticked box
 * shows ticked at once. A lesson being marked done counts as done from now.
 */
export function withPendingMarks(
  completed: CompletedLesson[],
  pending: ReadonlyMap<string, boolean>,
  now: string,
): CompletedLesson[] {
  const kept = completed.filter((lesson) => pending.get(lesson.slug) !== false);
  const added = [...pending]
    .filter(([slug, done]) => done && !kept.some((lesson) => lesson.slug === slug))
    .map(([slug]) => ({ slug, completedAt: now }));
  return [...kept, ...added];
}

/** The address of a lesson on the course page (its heading's id there). */
export const lessonHref = (lesson: { numero: number }) => PATHS.arabicLesson(lesson.numero);
