import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../lib/api.ts';
import { staffQueries } from '../lib/staff-queries.ts';
import { toast } from '../lib/toast.ts';

/** The server's own message for a refused request (4xx), else the screen's fallback text. */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status < 500 && error.serverMessage) {
    return error.serverMessage;
  }
  return fallback;
}

/**
 * A staff write: on success every staff list is refetched and a toast confirms it;
 * a 401 sends the user to sign in (lib/query-client.ts), any other failure shows the server's reason.
 */
export function useStaffMutation<TInput, TResult = unknown>(opts: {
  request: (input: TInput) => Promise<TResult>;
  success: string | ((result: TResult) => string);
  failure: string;
  onSuccess?: (result: TResult) => void;
  /** Handles a refusal itself (true: no toast), e.g. one that asks a question. */
  onRefused?: (error: Error) => boolean;
}) {
  const queryClient = useQueryClient();
  return useMutation<TResult, Error, TInput>({
    mutationFn: opts.request,
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: staffQueries.all });
      toast({ title: typeof opts.success === 'string' ? opts.success : opts.success(result) });
      opts.onSuccess?.(result);
    },
    // A refusal the screen answers itself (a question to confirm) gets no toast.
    meta: {
      failureToast: (error) =>
        opts.onRefused?.(error) ? undefined : failureMessage(error, opts.failure),
    },
  });
}

/** JSON write helper: the parsed answer of a staff call. */
export async function sendJson<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await apiRequest(method, url, body);
  return (await res.json()) as T;
}
