/**
 * The lessons of the Arabic course, read from the course file the web app serves
 * (apps/web/public/assets/coursArabe.json): progress may only be recorded for lessons the course has.
 * The file is read once, at start, from the web app's source (the same relative path from apps/api/src,
 * as under Vitest, and from apps/api/dist once built), or else from the built web app, for an installation
 * that ships only build output. No file, or a file without lessons, stops the server at
 * start rather than refusing every lesson later.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const COURSE_FILE = 'coursArabe.json';

/** Only what the server relies on; the whole file is checked by the web app's data test. */
const CourseSlugsSchema = z.object({
  modules: z.array(z.object({ cours: z.array(z.object({ slug: z.string().min(1) })).min(1) })).min(1),
});

/** Where the course file may be, in order of preference. */
export function courseFileCandidates(webDistDir: string | undefined): string[] {
  const source = path.resolve(import.meta.dirname, '../../../../web/public/assets', COURSE_FILE);
  return webDistDir ? [source, path.join(webDistDir, 'assets', COURSE_FILE)] : [source];
}

/** The course's lesson slugs in course order, from the first candidate file that exists. */
export function loadCourseLessons(candidates: string[]): readonly string[] {
  const file = candidates.find((candidate) => fs.existsSync(candidate));
  if (!file) throw new Error(`The Arabic course file was not found (looked at ${candidates.join(', ')})`);
  const course = CourseSlugsSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  const slugs = course.modules.flatMap((module) => module.cours.map((lesson) => lesson.slug));
  const twice = slugs.find((slug, index) => slugs.indexOf(slug) !== index);
  if (twice) throw new Error(`${file}: the lesson ${twice} appears twice`);
  return slugs;
}
