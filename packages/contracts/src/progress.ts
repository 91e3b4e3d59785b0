import { z } from './zod.js';
import { UserSchema } from './accounts.js';
import { successEnvelope } from './envelope.js';

/**
 * Mes classes: the lessons of the Arabic course (coursArabe.json, by slug) the signed-in user has marked
 * done (decision 0010). The calls take no user id: each user reaches only their own progress.
 */

/** A lesson's slug as the course file writes it; the server also checks that the course has it. */
export const LessonSlugSchema = z
  .string()
  .regex(/^[a-z0-9-]{1,100}$/, 'The lesson must be a course slug (lowercase letters, digits and dashes)');

export const LessonParamsSchema = z.object({ slug: LessonSlugSchema });

/** A lesson marked done, and when it was first marked (ISO 8601 instant). */
export const CompletedLessonSchema = z.object({ slug: z.string(), completedAt: z.iso.datetime() });
export type CompletedLesson = z.infer<typeof CompletedLessonSchema>;

/** The caller and their done lessons, oldest first. */
export const ProgressDataSchema = z.object({ user: UserSchema, lessons: z.array(CompletedLessonSchema) });
export type ProgressData = z.infer<typeof ProgressDataSchema>;

/** GET /progress, and the progress after PUT or DELETE /progress/lessons/{slug}. */
export const ProgressAnswerSchema = successEnvelope(ProgressDataSchema);
export type ProgressAnswer = z.infer<typeof ProgressAnswerSchema>;
