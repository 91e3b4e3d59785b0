import { z } from 'zod';
import type { User } from './accounts.js';

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
export type CompletedLesson = { slug: string; completedAt: string };

/** The caller and their done lessons, oldest first. */
export type ProgressData = { user: User; lessons: CompletedLesson[] };
