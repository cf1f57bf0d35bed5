import { useState, type FormEvent } from 'react';
import { formatFileSize } from '../../../shared/format.ts';
import { DateTime } from '../../ui/date-time.tsx';
import {
  DOCUMENT_TOO_LARGE,
  MAX_DOCUMENT_BYTES,
  documentFieldsSchema,
} from '../../../shared/schemas/documents.ts';
import { Button } from '../../ui/button.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { Input } from '../../ui/input.tsx';
import { Select } from '../../ui/select.tsx';
import { useStaffMutation } from '../api.ts';
import { staffQueries } from '../../lib/staff-queries.ts';
import { statusOptions } from '../../../shared/status-labels.ts';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { usePagedList } from '../../lists/use-paged-list.ts';
import { ListCard } from '../list-card.tsx';
import { NO_PROJECT, ProjectPicker, projectIdOf } from '../project-picker.tsx';
import { DataRow, DataTable, cell } from '../table.tsx';
import { uploadDocument } from './upload.ts';
import { useStaffCan } from '../use-staff-can.ts';

type Errors = { file?: string; category?: string };

/**
 * A company's documents, newest first in pages (issue 20), and the upload form (any type, up
 * to 25 MB). The project is searched on the server (any of the company's projects).
 */
export function DocumentsCard({ companyId }: { companyId: string }) {
  const documents = usePagedList(staffQueries.documents(companyId));
  // A new key clears the file input after an upload.
  const [fileKey, setFileKey] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [category, setCategory] = useState('');
  const [project, setProject] = useState(NO_PROJECT);
  const [errors, setErrors] = useState<Errors>({});
  const upload = useStaffMutation<{ file: File; category: string; projectId: string | null }>({
    request: (input) => uploadDocument(companyId, input),
    success: 'Document Uploaded',
    failure: 'Failed to upload document. Please try again.',
    onSuccess: () => {
      setFile(null);
      setCategory('');
      setProject(NO_PROJECT);
      setFileKey((k) => k + 1);
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const fields = documentFieldsSchema.safeParse({
      category: category || undefined,
      projectId: projectIdOf(project),
    });
    const next: Errors = {};
    if (!file) next.file = 'Choose a file to upload';
    else if (file.size > MAX_DOCUMENT_BYTES) next.file = DOCUMENT_TOO_LARGE;
    if (!fields.success) next.category = fields.error.issues[0]?.message;
    setErrors(next);
    if (file && fields.success && !next.file) {
      upload.mutate({ file, category: fields.data.category, projectId: fields.data.projectId });
    }
  }

  // Uploads are the admins' (ADR 058); the other roles read the list.
  const canUpload = useStaffCan('companies');
  return (
    <ListCard
      title="Documents"
      top={
        canUpload && (
          <form
            noValidate
            aria-label="Upload document"
            className="grid gap-3 border-b border-slate-200 p-5 sm:grid-cols-2 lg:grid-cols-4"
            onSubmit={submit}
          >
            <FormField label="File" required error={errors.file}>
              <Input
                key={fileKey}
                type="file"
                className="h-auto py-1.5"
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              />
            </FormField>
            <FormField label="Category" required error={errors.category}>
              <Select
                value={category || undefined}
                onValueChange={setCategory}
                options={statusOptions('documentCategory')}
                placeholder="Choose a category"
              />
            </FormField>
            <FormField label="Project">
              <ProjectPicker
                companyId={companyId}
                chosen={project}
                onChange={setProject}
                className="sm:w-full"
              />
            </FormField>
            <div className="flex items-end">
              <Button type="submit" disabled={upload.isPending} className="w-full">
                {upload.isPending ? 'Uploading...' : 'Upload'}
              </Button>
            </div>
          </form>
        )
      }
      pages={documents}
      empty="No documents found"
      what="documents"
      one="document"
    >
      {(rows) => (
        <DataTable
          caption="Documents"
          columns={['Name', 'Category', 'Type', 'Size', 'Uploaded By', 'Date']}
        >
          {rows.map((d) => (
            <DataRow key={d.id}>
              <td className={cell}>
                <div className="font-medium text-slate-900">{d.name}</div>
                {d.projectName && <div className="text-xs text-slate-500">{d.projectName}</div>}
              </td>
              <td className={cell}>
                <StatusBadge kind="documentCategory" value={d.category} />
              </td>
              <td className={cell}>{d.type.toUpperCase()}</td>
              <td className={cell}>{formatFileSize(d.size)}</td>
              <td className={cell}>{d.uploadedBy}</td>
              <td className={cell}>
                <DateTime value={d.uploadedAt} />
              </td>
            </DataRow>
          ))}
        </DataTable>
      )}
    </ListCard>
  );
}
