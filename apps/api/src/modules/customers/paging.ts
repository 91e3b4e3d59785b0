/** The page answer of the list calls, built from one page of rows and the total count. */
import type { Page, PageQuery } from '@app/contracts';

export function toPage<T>(content: T[], totalElements: number, { page, size }: PageQuery): Page<T> {
  return {
    content,
    totalPages: Math.ceil(totalElements / size),
    totalElements,
    numberOfElements: content.length,
    size,
    number: page,
  };
}

/** LIMIT and OFFSET of a page index from 0. */
export function limitOffset({ page, size }: PageQuery): { limit: number; offset: number } {
  return { limit: size, offset: page * size };
}
