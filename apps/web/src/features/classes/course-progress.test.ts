import { describe, expect, it } from 'vitest';
import { courseProgress, lessonHref, withPendingMarks, type CourseOutline } from './course-progress';

const COURSE: CourseOutline = {
  modules: [
    {
      numero: 1,
      titre: "Module 1 : Lire l'arabe",
      cours: [
        { numero: 1, slug: 'alphabet-1', titre: "L'alphabet arabe (1re partie)" },
        { numero: 2, slug: 'alphabet-2', titre: "L'alphabet arabe (2e partie)" },
        { numero: 3, slug: 'voyelles-courtes', titre: 'Les voyelles courtes et le soukoun' },
      ],
    },
    {
      numero: 2,
      titre: 'Module 2 : Premiers pas en grammaire',
      cours: [{ numero: 4, slug: 'pronoms-personnels', titre: 'Les pronoms personnels isolés' }],
    },
  ],
};

const done = (slug: string) => ({ slug, completedAt: '2026-11-20T10:00:00.000Z' });

describe('courseProgress', () => {
  it('starts at the first lesson with nothing done', () => {
    const progress = courseProgress(COURSE, []);
    expect(progress).toMatchObject({ done: 0, total: 4, percent: 0 });
    expect(progress.next?.slug).toBe('alphabet-1');
    expect(progress.modules.map((m) => [m.done, m.total])).toEqual([
      [0, 3],
      [0, 1],
    ]);
  });

  it('counts per module and in all, and sends the learner to the first lesson not done', () => {
    const progress = courseProgress(COURSE, [
      done('alphabet-1'),
      done('voyelles-courtes'),
      done('pronoms-personnels'),
    ]);
    expect(progress).toMatchObject({ done: 3, total: 4, percent: 75 });
    expect(progress.next).toEqual({
      numero: 2,
      slug: 'alphabet-2',
      titre: "L'alphabet arabe (2e partie)",
      completedAt: undefined,
    });
    expect(progress.modules.map((m) => [m.done, m.total])).toEqual([
      [2, 3],
      [1, 1],
    ]);
    expect(progress.modules[0]?.lessons[0]?.completedAt).toBe('2026-11-20T10:00:00.000Z');
  });

  it('has no next lesson once all are done, and ignores lessons the course no longer has', () => {
    const all = ['alphabet-1', 'alphabet-2', 'voyelles-courtes', 'pronoms-personnels', 'lecon-retiree'].map(
      done,
    );
    const progress = courseProgress(COURSE, all);
    expect(progress).toMatchObject({ done: 4, total: 4, percent: 100, next: undefined });
  });

  it('rounds the percent', () => {
    expect(courseProgress(COURSE, [done('alphabet-1')]).percent).toBe(25);
    const firstModuleOnly = { modules: COURSE.modules.slice(0, 1) };
    expect(courseProgress(firstModuleOnly, [done('alphabet-1')]).percent).toBe(33);
  });
});

describe('withPendingMarks', () => {
  it('shows marks on their way as already saved', () => {
    const pending = new Map([
      ['alphabet-2', true],
      ['alphabet-1', false],
      ['voyelles-courtes', true],
    ]);
    expect(withPendingMarks([done('alphabet-1'), done('voyelles-courtes')], pending, 'now')).toEqual([
      done('voyelles-courtes'),
      { slug: 'alphabet-2', completedAt: 'now' },
    ]);
  });
});

describe('lessonHref', () => {
  it("points at the lesson's heading on the course page", () => {
    expect(lessonHref({ numero: 7 })).toBe('/coursarabe#cours-7');
  });
});
