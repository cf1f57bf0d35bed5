import type { PortalDocument } from '../../../shared/schemas/documents.ts';

/** Built-in example rows (spec: shown when the list call returns nothing). They have no file. */
export const sampleDocuments: readonly PortalDocument[] = [
  {
    id: 'sample-document-1',
    name: 'Network Assessment Report.pdf',
    type: 'pdf',
    size: 2_457_600,
    category: 'project',
    uploadedBy: 'Sample Engineer',
    uploadedAt: '2026-01-15T15:30:00.000Z',
    lastModified: '2026-01-15T15:30:00.000Z',
    downloadUrl: '',
    projectId: 'sample-project-1',
    projectName: 'Office Network Upgrade',
  },
  {
    id: 'sample-document-2',
    name: 'Security Policy.docx',
    type: 'docx',
    size: 184_320,
    category: 'compliance',
    uploadedBy: 'Sample Engineer',
    uploadedAt: '2025-12-02T10:00:00.000Z',
    lastModified: '2025-12-02T10:00:00.000Z',
    downloadUrl: '',
    projectId: null,
    projectName: null,
  },
  {
    id: 'sample-document-3',
    name: 'Invoice History.csv',
    type: 'csv',
    size: 12_288,
    category: 'invoice',
    uploadedBy: 'Sample Engineer',
    uploadedAt: '2025-11-20T09:15:00.000Z',
    lastModified: '2025-11-20T09:15:00.000Z',
    downloadUrl: '',
    projectId: null,
    projectName: null,
  },
];
