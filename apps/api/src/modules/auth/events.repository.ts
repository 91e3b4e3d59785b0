/** The account events a user sees on the profile: what happened, from which device and address. */
import type { EventType, UserEvent } from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/database.js';
import { desc, eq, sql } from '../../db/orm.js';
import { eventTypes, userEvents } from '../../db/schema.js';
import { describeDevice } from './describe-device.js';

export type RequestOrigin = { device: string; ipAddress: string };

export function originOf(request: FastifyRequest): RequestOrigin {
  return { device: describeDevice(request.headers['user-agent']), ipAddress: request.ip };
}

export async function recordEvent(
  db: Queryable,
  userId: number,
  type: EventType,
  origin: RequestOrigin,
): Promise<void> {
  await db.insert(userEvents).values({
    userId,
    eventTypeId: sql`(SELECT id FROM event_types WHERE type = ${type})`,
    device: origin.device.slice(0, 200),
    ipAddress: origin.ipAddress.slice(0, 64),
  });
}

export const RECENT_EVENTS = 10;

export async function recentEvents(db: Queryable, userId: number): Promise<UserEvent[]> {
  const rows = await db
    .select({
      id: userEvents.id,
      type: eventTypes.type,
      description: eventTypes.description,
      device: userEvents.device,
      ipAddress: userEvents.ipAddress,
      createdAt: userEvents.createdAt,
    })
    .from(userEvents)
    .innerJoin(eventTypes, eq(eventTypes.id, userEvents.eventTypeId))
    .where(eq(userEvents.userId, userId))
    .orderBy(desc(userEvents.createdAt), desc(userEvents.id))
    .limit(RECENT_EVENTS);
  return rows.map((r) => ({ ...r, type: r.type as EventType, createdAt: r.createdAt.toISOString() }));
}
