import { z } from './zod.js';

export const HealthSchema = z.object({ status: z.enum(['ok', 'unavailable']) });
export type Health = z.infer<typeof HealthSchema>;

/**
 * GET /api/health when the service and its database answer: the envelope's fields, with the lowercase
 * `status: "ok"` that health checks expect (and no `data`).
 */
export const HealthAnswerSchema = z.object({
  timeStamp: z.iso.datetime(),
  statusCode: z.literal(200),
  status: z.literal('ok'),
  message: z.string(),
});
export type HealthAnswer = z.infer<typeof HealthAnswerSchema>;
