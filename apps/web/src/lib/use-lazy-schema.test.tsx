import { describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { z } from 'zod';
import { useForm } from './use-form';
import { useLazySchema } from './use-lazy-schema';

const schema = z.object({ email: z.email('Enter a valid e-mail address') });

describe('useLazySchema', () => {
  it('loads nothing until the form is used, then the schema once, however often it is asked', async () => {
    const load = vi.fn(() => Promise.resolve(schema));
    const { result } = renderHook(() => useLazySchema(load));
    expect(load).not.toHaveBeenCalled();
    expect(result.current.schema).toBeUndefined();
    act(() => result.current.load());
    act(() => result.current.load());
    await waitFor(() => expect(result.current.schema).toBe(schema));
    act(() => result.current.load());
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again at the next use when the schema could not be fetched', async () => {
    const load = vi
      .fn<() => Promise<typeof schema>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(schema);
    const { result } = renderHook(() => useLazySchema(load));
    act(() => result.current.load());
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await act(async () => {});
    expect(result.current.schema).toBeUndefined();
    act(() => result.current.load());
    await waitFor(() => expect(result.current.schema).toBe(schema));
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('useForm while its schema loads', () => {
  it('is not valid and shows no error, then judges the values already typed once the schema is there', async () => {
    let resolve: (loaded: typeof schema) => void = () => {};
    const loading = new Promise<typeof schema>((r) => (resolve = r));
    const { result } = renderHook(() => {
      const lazy = useLazySchema(() => loading);
      return { lazy, form: useForm(lazy.schema, { email: '' }) };
    });
    act(() => result.current.lazy.load());
    act(() => result.current.form.set({ email: 'amina@' }));
    act(() => result.current.form.leave('email'));
    expect(result.current.form.valid).toBe(false);
    expect(result.current.form.errorOf('email')).toBeUndefined();
    await act(async () => resolve(schema));
    expect(result.current.form.errorOf('email')).toBe('Enter a valid e-mail address');
    act(() => result.current.form.set({ email: 'amina@example.com' }));
    expect(result.current.form.valid).toBe(true);
    expect(result.current.form.data).toEqual({ email: 'amina@example.com' });
  });
});
