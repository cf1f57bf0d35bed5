import { throwIfNotOk } from '../../lib/api.ts';
import type { StaffDocument } from '../../../shared/schemas/documents.ts';
import { staffUrl } from '../../lib/staff-queries.ts';

/** Sends the fields first, then the file: the server reads them before streaming the file to storage. */
export async function uploadDocument(
  companyId: string,
  input: { file: File; category: string; projectId: string | null },
): Promise<StaffDocument> {
  const form = new FormData();
  form.append('category', input.category);
  if (input.projectId) form.append('projectId', input.projectId);
  form.append('file', input.file, input.file.name);
  const res = await fetch(staffUrl(`customers/${companyId}/documents`), {
    method: 'POST',
    body: form,
    credentials: 'include',
  });
  await throwIfNotOk(res);
  return (await res.json()) as StaffDocument;
}
