/**
 * Where the server reads the course's lessons: the web app's course file in the checkout, or the built
 * web app's copy when only build output is installed; a missing or broken file stops the server at start.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { courseFileCandidates, loadCourseLessons } from '../src/modules/progress/course-lessons.js';

const SOURCE = path.resolve(import.meta.dirname, '../../web/public/assets/coursArabe.json');

function courseFile(modules: { cours: { slug: string }[] }[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'course-'));
  const file = path.join(dir, 'coursArabe.json');
  fs.writeFileSync(file, JSON.stringify({ modules }));
  return file;
}

describe('the lessons of the course', () => {
  it("are the web app's course file's slugs, in course order", () => {
    expect(courseFileCandidates(undefined)).toEqual([SOURCE]);
    const course = JSON.parse(fs.readFileSync(SOURCE, 'utf8')) as {
      modules: { cours: { slug: string }[] }[];
    };
    const slugs = loadCourseLessons(courseFileCandidates('/srv/web/dist'));
    expect(slugs).toEqual(course.modules.flatMap((m) => m.cours.map((c) => c.slug)));
    expect(slugs.length).toBeGreaterThan(5);
  });

  it("fall back to the built web app's copy when the source is not installed", () => {
    expect(courseFileCandidates('/srv/web/dist')).toEqual([SOURCE, '/srv/web/dist/assets/coursArabe.json']);
    const built = courseFile([{ cours: [{ slug: 'premier' }, { slug: 'second' }] }]);
    expect(loadCourseLessons(['/nowhere/coursArabe.json', built])).toEqual(['premier', 'second']);
  });

  it('stop the server when the file is missing or wrong', () => {
    expect(() => loadCourseLessons(['/nowhere/coursArabe.json'])).toThrow(/course file was not found/);
    expect(() => loadCourseLessons([courseFile([])])).toThrow();
    expect(() =>
      loadCourseLessons([courseFile([{ cours: [{ slug: 'a' }] }, { cours: [{ slug: 'a' }] }])]),
    ).toThrow(/the lesson a appears twice/);
  });
});
