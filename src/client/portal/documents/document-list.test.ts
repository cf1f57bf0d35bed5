import { describe, expect, it } from 'vitest';
import type { PortalDocument } from '../../../shared/schemas/documents.ts';
import { documentTypes, filterDocuments, summarizeDocuments } from './document-list.ts';

const doc = (over: Partial<PortalDocument>): PortalDocument => ({
  id: over.name ?? 'x',
  name: 'x',
  type: 'pdf',
  size: 0,
  category: 'other',
  uploadedBy: 'A',
  uploadedAt: '2026-01-01T00:00:00.000Z',
  lastModified: '2026-01-01T00:00:00.000Z',
  downloadUrl: '/d',
  projectId: null,
  projectName: null,
  ...over,
});

const rows = [
  doc({ name: 'Survey.pdf', category: 'project', projectName: 'Wi-Fi Upgrade', size: 1024 }),
  doc({ name: 'History.csv', type: 'csv', category: 'invoice', size: 512 }),
  doc({ name: 'Policy.docx', type: 'docx', category: 'compliance', size: 512 }),
];

describe('document list', () => {
  it('searches name and project name, combined with category and type', () => {
    const names = (r: readonly PortalDocument[]) => r.map((d) => d.name);
    expect(names(filterDocuments(rows, 'wi-fi', 'all', 'all'))).toEqual(['Survey.pdf']);
    expect(names(filterDocuments(rows, 'HISTORY', 'invoice', 'csv'))).toEqual(['History.csv']);
    expect(names(filterDocuments(rows, '', 'compliance', 'all'))).toEqual(['Policy.docx']);
    expect(filterDocuments(rows, 'history', 'invoice', 'pdf')).toEqual([]);
  });

  it('builds the type filter from the types present', () => {
    expect(documentTypes(rows)).toEqual(['csv', 'docx', 'pdf']);
  });

  it('counts project and invoice documents and adds up sizes', () => {
    expect(summarizeDocuments(rows)).toEqual({ total: 3, project: 1, invoice: 1, size: 2048 });
  });
});
