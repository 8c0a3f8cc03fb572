import { webPermissions } from '@fleetdesk/contracts';
import { describe, expect, it } from 'vitest';
import { demoRoles } from './demo.ts';

describe('demo roles', () => {
  it('grant only permissions of the web catalogue', () => {
    for (const [role, permissions] of Object.entries(demoRoles)) {
      expect(
        permissions.filter((p) => !webPermissions.includes(p)),
        role,
      ).toEqual([]);
    }
  });
});
