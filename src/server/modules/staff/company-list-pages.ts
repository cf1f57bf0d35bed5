import { sql } from 'drizzle-orm';
import type { StaffDocument } from '../../../shared/schemas/documents.ts';
import type { StaffInvoice } from '../../../shared/schemas/invoices.ts';
import type { StaffProject } from '../../../shared/schemas/projects.ts';
import type { CompanyUser, StaffProjectName } from '../../../shared/schemas/staff-customers.ts';
import type { StaffTimeEntry } from '../../../shared/schemas/time-entries.ts';
import { isoTimestamp } from '../../db/json-list.ts';
import { timeEntryColumns } from '../../services/time-entries.ts';
import type { PagedList } from '../../db/paged-list.ts';
import { documentPages } from '../../db/document-list.ts';
import { invoicePages } from '../../db/invoice-list.ts';
import { projectPages } from '../../db/project-list.ts';
import {
  customerUsers,
  documents,
  invoices,
  projects,
  timeEntries,
  users,
} from '../../db/schema.ts';

/*
 * The staff company page's lists in pages (issue 20, ADR 043). Each route narrows to the
 * company (`where`) and signs its cursors with the company's id as scope, so a cursor of
 * one company is refused on another. Their names differ from the portal's lists: a portal
 * cursor never opens a staff page. Only the users list has a filter: `status`, for the
 * attach-mail dialog's contact picker.
 */

/** The company's users by last and first name; `q` on the full name and the address. */
export const companyUserPages: PagedList<CompanyUser, 'status'> = {
  name: 'staff-company-users',
  from: sql`${customerUsers} inner join ${users} on ${users.id} = ${customerUsers.userId}`,
  scope: customerUsers.customerId,
  row: () => ({
    id: users.id,
    email: users.email,
    firstName: users.firstName,
    lastName: users.lastName,
    active: users.active,
    memberActive: customerUsers.active,
    position: customerUsers.position,
    role: customerUsers.role,
  }),
  order: [
    { expr: users.lastName, type: 'text' },
    { expr: users.firstName, type: 'text' },
    { expr: users.id, type: 'uuid' },
  ],
  search: [sql`(${users.firstName} || ' ' || ${users.lastName})`, users.email],
  filters: {
    // Who may still act for the company: the account and the membership both on.
    status: sql`case when ${users.active} and ${customerUsers.active} then 'active' else 'inactive' end`,
  },
};

/** The portal's projects list (newest start first, with milestones; `q` on name and description). */
export const staffProjectPages: PagedList<StaffProject> = {
  ...projectPages,
  name: 'staff-projects',
  filters: {},
};

/** The project picker's list (time and document forms): by name, `q` on the name. */
export const projectNamePicks: PagedList<StaffProjectName> = {
  name: 'staff-project-names',
  from: sql`${projects}`,
  scope: projects.customerId,
  row: () => ({ id: projects.id, name: projects.name }),
  order: [
    { expr: projects.name, type: 'text' },
    { expr: projects.id, type: 'uuid' },
  ],
  search: projects.name,
  searchIndexed: true,
  filters: {},
};

/** The portal's invoices order and search, with the staff fields (the payment link as null, no PDF link). */
export const staffInvoicePages: PagedList<StaffInvoice> = {
  name: 'staff-invoices',
  from: invoicePages.from,
  scope: invoicePages.scope,
  row: () => ({
    id: invoices.id,
    number: invoices.number,
    description: invoices.description,
    amount: invoices.amount,
    status: invoices.status,
    issueDate: invoices.issueDate,
    dueDate: invoices.dueDate,
    paymentUrl: invoices.paymentUrl,
    currency: invoices.currency,
    state: invoices.state,
    // What is owed; one marked paid by hand owes nothing (balanceMinor, ADR 066).
    balance: sql`case when ${invoices.state} = 'paid' then 0 else ${invoices.balance} end`,
  }),
  order: invoicePages.order,
  search: invoicePages.search,
  searchIndexed: true,
  filters: {},
};

/** Hours newest work date first; `q` on the description and the project's name. */
export const timeEntryPages: PagedList<StaffTimeEntry> = {
  name: 'staff-time-entries',
  from: sql`${timeEntries} left join ${projects} on ${projects.id} = ${timeEntries.projectId} left join ${users} on ${users.id} = ${timeEntries.userId}`,
  scope: timeEntries.customerId,
  row: timeEntryColumns,
  order: [
    { expr: timeEntries.workDate, desc: true, type: 'date' },
    { expr: timeEntries.createdAt, desc: true, type: 'timestamptz' },
    { expr: timeEntries.id, desc: true, type: 'uuid' },
  ],
  search: [timeEntries.description, projects.name],
  filters: {},
};

/** The portal's documents order and search (`documents_search_trgm_idx`), with the staff fields. */
export const staffDocumentPages: PagedList<StaffDocument> = {
  name: 'staff-documents',
  from: documentPages.from,
  scope: documentPages.scope,
  row: () => ({
    id: documents.id,
    name: documents.name,
    type: documents.type,
    size: documents.size,
    category: documents.category,
    projectId: documents.projectId,
    projectName: documents.projectName,
    uploadedBy: documents.uploadedBy,
    uploadedAt: isoTimestamp(documents.uploadedAt),
  }),
  order: documentPages.order,
  search: documentPages.search,
  searchIndexed: true,
  filters: {},
};
