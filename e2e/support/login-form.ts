import type { Page } from '@playwright/test';
import { expect } from './test';

/**
 * Uses /login's form as a visitor does, by tapping its first field: the app starts on that first use
 * (decision 22), and the fields, read-only until then, become editable. Harmless when the app already runs.
 */
export async function useLoginForm(page: Page): Promise<void> {
  const email = page.getByLabel('Email');
  await email.click();
  await expect(email).toBeEditable();
}
