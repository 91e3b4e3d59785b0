import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { notifyFailure } from '../../lib/error-notice';
import { markLesson, progressQuery } from './progress-api';

/**
 * Marks lessons done or not done. A mark shows at once (pending) and the server's answer, the whole
 * progress, replaces it; a failed mark goes back to what it was and its reason is notified.
 */
export function useLessonMarks() {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<ReadonlyMap<string, boolean>>(new Map());

  const mark = useCallback(
    async (slug: string, done: boolean) => {
      setPending((marks) => new Map(marks).set(slug, done));
      try {
        const answer = await markLesson(slug, done);
        queryClient.setQueryData(progressQuery().queryKey, answer);
      } catch (error) {
        notifyFailure(error);
      } finally {
        setPending((marks) => {
          const left = new Map(marks);
          left.delete(slug);
          return left;
        });
      }
    },
    [queryClient],
  );

  return { pending, mark };
}
