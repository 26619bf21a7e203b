/**
 * A program's definition versions (GET /api/programs/{id}/versions), a version's changes against the
 * current one (…/versions/{hash}/diff?against=current), and ops' move of a version's pinned jobs to the
 * current version (POST /api/programs/{id}/migrate-jobs).
 */

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

import type { JobsMigrated, VersionDiff, VersionList } from '../../../../engine/api/versions.ts';

export type { VersionDiff };
/** A stored version of a program's definition. */
export type ProgramVersion = VersionList['items'][number];
/** One changed value between two versions, in words (`text`), in a file. */
export type VersionChange = VersionDiff['changes'][number];

const key = (programId: string) => ['program-versions', programId];

/** The program's versions, newest first. */
export function useVersions(programId: string) {
  return useQuery({
    queryKey: key(programId),
    queryFn: () => api<VersionList>('GET', `/api/programs/${encodeURIComponent(programId)}/versions`),
  });
}

/** A version's changes against the current one (nothing asked until a version is chosen). */
export function useVersionDiff(programId: string, hash: string | undefined) {
  return useQuery({
    queryKey: [...key(programId), 'diff', hash],
    enabled: !!hash,
    queryFn: () =>
      api<VersionDiff>(
        'GET',
        `/api/programs/${encodeURIComponent(programId)}/versions/${encodeURIComponent(hash!)}/diff`,
        { query: { against: 'current' } },
      ),
  });
}

/** Moves the jobs pinned to a version to the current one; the versions are read again after. */
export function useMigrateJobs(programId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (from: string) =>
      api<JobsMigrated>('POST', `/api/programs/${encodeURIComponent(programId)}/migrate-jobs`, { body: { from } }),
    onSuccess: () => client.invalidateQueries({ queryKey: key(programId) }),
  });
}
