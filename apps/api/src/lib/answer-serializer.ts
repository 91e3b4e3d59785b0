/**
 * Every JSON answer is checked against the answer schema its route declares for its status, and then sent as the
 * handler built it. The zod provider's own serializer sends what the schema parsed out instead: a schema that
 * forgot a field would silently drop it, and keys would come out in the schema's order. Here the schema checks
 * and the handler's answer is what is sent, so declaring a schema changes no answer.
 *
 * The check is exact: an answer with a field its schema does not declare (or that the schema would change) fails
 * as well, so the API tests prove every schema describes its answers field for field. It runs outside production
 * only: there the suite has proven the schemas, and a check would cost every answer a parse and could turn a
 * harmless extra field into a failed call for a user.
 * Answers that are bytes (files, prepared content, a stream) are not serialized, and so are not checked here.
 */
import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type DeclaredAnswer = z.ZodType | { properties: z.ZodType };

/** Where `sent` and what its schema made of it first differ, for the log; undefined when they do not. */
export function firstDifference(sent: unknown, parsed: unknown, path = ''): string | undefined {
  if (isDeepStrictEqual(sent, parsed)) return undefined;
  if (typeof sent !== 'object' || sent === null || typeof parsed !== 'object' || parsed === null) {
    return `${path || '(answer)'} differs`;
  }
  const sentRecord = sent as Record<string, unknown>;
  const parsedRecord = parsed as Record<string, unknown>;
  for (const key of new Set([...Object.keys(sentRecord), ...Object.keys(parsedRecord)])) {
    const where = path ? `${path}.${key}` : key;
    if (!(key in parsedRecord)) return `${where} is not declared by the answer schema`;
    const inner = firstDifference(sentRecord[key], parsedRecord[key], where);
    if (inner) return inner;
  }
  return `${path || '(answer)'} differs`;
}

export function answerSerializerCompiler(options: {
  checked: boolean;
}): FastifySerializerCompiler<DeclaredAnswer> {
  return ({ schema, method, url }) => {
    if (!options.checked) return (data) => JSON.stringify(data) ?? '';
    const declared = schema instanceof z.ZodType ? schema : schema.properties;
    return (data) => {
      const json: string | undefined = JSON.stringify(data);
      // What the client receives is checked, dates and all, not the objects the handler happened to build.
      const sent: unknown = json === undefined ? undefined : JSON.parse(json);
      const result = declared.safeParse(sent);
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      const difference = firstDifference(sent, result.data);
      // The provider's error names a zod error as its cause; this one is a plain one, saying what differs.
      if (difference) {
        throw new ResponseSerializationError(method, url, { cause: new Error(difference) as z.ZodError });
      }
      return json ?? '';
    };
  };
}
