import { describe, expect, it } from 'vitest';
import { describeSettings, ownRoleChangeWarning, ownSettingsWarning, parseUserId } from './administration';

describe('administration', () => {
  it('reads a user ID as a positive whole number', () => {
    expect(parseUserId(' 42 ')).toBe(42);
    for (const text of ['', '0', '-3', '4.5', '1e3', 'abc', '12a', '9'.repeat(16)]) {
      expect(parseUserId(text), text).toBeUndefined();
    }
  });

  it('warns before an administrator lowers their own role', () => {
    expect(ownRoleChangeWarning('ROLE_ADMIN', 'ROLE_ADMIN')).toBeUndefined();
    expect(ownRoleChangeWarning('ROLE_ADMIN', 'ROLE_MANAGER')).toMatch(/lose access to administration/);
    expect(ownRoleChangeWarning('ROLE_SYSADMIN', 'ROLE_ADMIN')).toMatch(/cannot give yourself a higher role/);
  });

  it('warns before an administrator disables or locks their own account', () => {
    expect(ownSettingsWarning({ enabled: true, notLocked: true })).toBeUndefined();
    expect(ownSettingsWarning({ enabled: false, notLocked: true })).toMatch(
      /will be disabled: you will be signed out/,
    );
    expect(ownSettingsWarning({ enabled: true, notLocked: false })).toMatch(/will be locked:/);
    expect(ownSettingsWarning({ enabled: false, notLocked: false })).toMatch(/disabled and locked/);
  });

  it('describes the settings', () => {
    expect(describeSettings({ enabled: true, notLocked: false })).toBe('enabled, locked');
  });
});
