import type { PortalDocument } from '../../../shared/schemas/documents.ts';
import { sampleCalendar } from './sample-dates.ts';

/** Built-in example rows (spec: shown when the list call returns nothing). They have no file. */
export function sampleDocumentsOn(today: Date): PortalDocument[] {
  const { time } = sampleCalendar(today);
  return [
    {
      id: 'sample-document-1',
      name: 'Network Assessment Report.pdf',
      type: 'pdf',
      size: 2_457_600,
      category: 'project',
      uploadedBy: 'Sample Engineer',
      uploadedAt: time(-19, 15, 30),
      lastModified: time(-19, 15, 30),
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
      uploadedAt: time(-60, 10),
      lastModified: time(-60, 10),
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
      uploadedAt: time(-75, 9, 15),
      lastModified: time(-75, 9, 15),
      downloadUrl: '',
      projectId: null,
      projectName: null,
    },
  ];
}

/** The sample rows as of the page's load. */
export const sampleDocuments: readonly PortalDocument[] = sampleDocumentsOn(new Date());
