import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { BusinessHours } from '../../../shared/business-hours.ts';
import { company } from '../../../shared/company.ts';
import { staffQueries } from '../../lib/staff-queries.ts';

/**
 * The company's hours with its closed days, as the server's clock counts them; the plain hours
 * until the list has loaded. One array per answer, so the clock's per-list cache holds.
 */
export function useBusinessHours(): BusinessHours {
  const { data } = useQuery(staffQueries.closedDays());
  return useMemo(
    () =>
      data
        ? { ...company.businessHours, closedDays: data.map((d) => d.day) }
        : company.businessHours,
    [data],
  );
}
