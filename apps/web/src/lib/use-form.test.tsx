import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { z } from 'zod';
import { useForm } from './use-form';

const Schema = z.object({
  email: z.string().trim().min(1, 'Email is required'),
  total: z.coerce.number().positive('Total must be greater than 0'),
});
const EMPTY = { email: '', total: '' };
const typed = (value: string) => ({ currentTarget: { value } });

describe('the form hook', () => {
  it('starts untouched, judged by the schema, with no error shown', () => {
    const { result } = renderHook(() => useForm(Schema, EMPTY));
    expect(result.current.edited).toBe(false);
    expect(result.current.valid).toBe(false);
    expect(result.current.errors).toEqual({
      email: 'Email is required',
      total: 'Total must be greater than 0',
    });
    expect(result.current.field('email')).toMatchObject({ name: 'email', value: '', error: undefined });
  });

  it('shows a field’s error once the field was left, and only that field’s', () => {
    const { result } = renderHook(() => useForm(Schema, EMPTY));
    act(() => result.current.field('email').onBlur());
    expect(result.current.field('email').error).toBe('Email is required');
    expect(result.current.field('total').error).toBeUndefined();
    expect(result.current.errorOf('total')).toBeUndefined();
    act(() => result.current.leave('total'));
    expect(result.current.errorOf('total')).toBe('Total must be greater than 0');
  });

  it('counts as edited once something is typed or chosen, and gives the body to send once valid', () => {
    const { result } = renderHook(() => useForm(Schema, EMPTY));
    act(() => result.current.field('email').onChange(typed(' amina@example.com ')));
    expect(result.current.edited).toBe(true);
    expect(result.current.data).toBeUndefined();
    act(() => result.current.set({ total: '12.5' }));
    expect(result.current.valid).toBe(true);
    expect(result.current.values).toEqual({ email: ' amina@example.com ', total: '12.5' });
    expect(result.current.data).toEqual({ email: 'amina@example.com', total: 12.5 });
  });

  it('goes back, untouched, to the first values or to those given (what the server kept)', () => {
    const { result } = renderHook(() => useForm(Schema, EMPTY));
    act(() => {
      result.current.field('email').onChange(typed('amina@example.com'));
      result.current.field('email').onBlur();
    });
    act(() => result.current.reset({ email: 'kept@example.com', total: '3' }));
    expect(result.current.values).toEqual({ email: 'kept@example.com', total: '3' });
    expect(result.current.edited).toBe(false);
    act(() => result.current.field('email').onChange(typed('')));
    expect(result.current.field('email').error).toBeUndefined();
    act(() => result.current.reset());
    expect(result.current.values).toEqual(EMPTY);
    expect(result.current.edited).toBe(false);
  });
});
