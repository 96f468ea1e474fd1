import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCare } from './services';
import type { QueueClaim, QueueFilters, QueuePage } from './types';

// The care queue: one page of it per filter, and claims on its items.

export const queueKey = ['care', 'queue'] as const;

export function useQueue(filters: QueueFilters) {
  const { api } = useCare();
  return useQuery({
    queryKey: [...queueKey, filters],
    queryFn: () =>
      api.get<QueuePage>('/staff/queue', {
        kind: filters.kind,
        search: filters.search,
        urgentOnly: filters.urgentOnly ? true : undefined,
        page: filters.page,
        pageSize: filters.pageSize,
      }),
    // Paging or filtering keeps the old rows on screen until the new ones arrive, so the grid
    // and the keyboard selection do not jump to an empty table in between.
    placeholderData: keepPreviousData,
    // Someone else's claim or a finished item shows up without a reload.
    refetchInterval: 30_000,
  });
}

export function useClaim() {
  const { api } = useCare();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ key, takeOver }: { key: string; takeOver?: boolean }) =>
      api.send<{ claim: QueueClaim }>(
        'POST',
        `/staff/queue/${encodeURIComponent(key)}/claim`,
        takeOver ? { takeOver: true } : {},
      ),
    onSettled: () => client.invalidateQueries({ queryKey: queueKey }),
  });
}

export function useRelease() {
  const { api } = useCare();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (key: string) =>
      api.send<undefined>('DELETE', `/staff/queue/${encodeURIComponent(key)}/claim`),
    onSettled: () => client.invalidateQueries({ queryKey: queueKey }),
  });
}
