import { useAuth } from '../lib/auth.ts';
import { staffCan, type StaffAccess, type StaffArea } from '../../shared/staff-permissions.ts';

/**
 * Whether the signed-in staff member's role may read or write an area (ADR 058): the same
 * table the server's guard refuses with, so a screen hides what would answer 403.
 */
export function useStaffCan(area: StaffArea, access: StaffAccess = 'write'): boolean {
  const { user } = useAuth();
  return staffCan(user?.staffRole, area, access);
}
