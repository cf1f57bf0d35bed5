import { zodResolver } from '@hookform/resolvers/zod';
import { MapPin, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { siteSchema, type Site, type SiteInput } from '../../../shared/schemas/sites.ts';
import { toast } from '../../lib/toast.ts';
import { ConfirmItemDialog } from '../../ui/alert-dialog.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../ui/card.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { Input } from '../../ui/input.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { QueryError } from '../shared/query-state.tsx';
import { SampleNotice, rowsOrSample } from '../shared/sample-notice.tsx';
import { can, type CompanyRole } from '../../../shared/permissions.ts';
import { useAddSite, useDeleteSite, useSites } from './api.ts';
import { sampleSites } from './sample-sites.ts';

/**
 * Company Sites card: the company's sites, an add-site form toggle and a confirmed delete.
 * No sites yet: marked sample sites, whose delete buttons are disabled.
 */
export function CompanySitesCard({
  company,
}: {
  company: { id: string; name: string; role: CompanyRole };
}) {
  // Issue 18: everyone reads the sites; only admins add or remove them.
  const canEdit = can(company.role, 'editSites');
  const companyId = company.id;
  const { data: sites, isLoading, isError, error, refetch } = useSites(companyId);
  const { rows, isSample } = rowsOrSample(sites, sampleSites);
  const [adding, setAdding] = useState(false);
  const [toDelete, setToDelete] = useState<Site | null>(null);
  const remove = useDeleteSite(companyId);

  return (
    <Card role="region" aria-label="Company Sites">
      <CardHeader
        title="Company Sites"
        action={
          canEdit && (
            <Button variant="secondary" size="sm" onClick={() => setAdding(!adding)}>
              {adding ? 'Cancel' : 'Add Site'}
            </Button>
          )
        }
      />
      <CardBody className="grid gap-4">
        {adding && <AddSiteForm companyId={companyId} onDone={() => setAdding(false)} />}
        {isLoading ? (
          <Skeleton className="h-16" />
        ) : isError ? (
          <QueryError error={error} what="sites" onRetry={() => void refetch()} />
        ) : (
          <>
            {isSample && <SampleNotice company={company.name} what="sites" />}
            <ul className="grid gap-3" aria-label="Company sites">
              {rows.map((site) => (
                <li
                  key={site.id}
                  className="flex items-start justify-between gap-4 rounded-md border border-slate-200 p-4"
                >
                  <div className="flex gap-3 text-sm">
                    <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden />
                    <div>
                      <p className="font-medium text-slate-900">
                        {site.name}
                        {site.billing && (
                          <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-normal text-slate-700">
                            Billing address
                          </span>
                        )}
                      </p>
                      <p className="text-slate-700">{site.address}</p>
                      {/* Each part wraps whole (never a phone number over two lines), its
                          separator ending its line rather than starting the next. */}
                      <p className="mt-1 flex flex-wrap gap-x-1.5 text-slate-600">
                        <span>
                          {site.contactPerson}
                          {'\u00a0'}
                          <span aria-hidden>·</span>
                        </span>
                        <span className="min-w-0 wrap-anywhere">
                          {site.contactEmail}
                          {'\u00a0'}
                          <span aria-hidden>·</span>
                        </span>
                        <span className="whitespace-nowrap">{site.contactPhone}</span>
                      </p>
                    </div>
                  </div>
                  {canEdit && (
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Delete site ${site.name}`}
                      title={isSample ? 'Sample site: nothing to delete' : undefined}
                      disabled={isSample || remove.isPending}
                      onClick={() => setToDelete(site)}
                    >
                      <Trash2 className="h-4 w-4" aria-hidden />
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          </>
        )}
      </CardBody>
      <ConfirmItemDialog
        item={toDelete}
        onClose={() => setToDelete(null)}
        title="Delete site"
        description="Are you sure you want to delete this site?"
        confirmLabel="Delete"
        onConfirm={(site) => {
          remove.mutate(site.id, {
            onSuccess: () => toast({ title: 'Site Deleted' }),
          });
          setToDelete(null);
        }}
      />
    </Card>
  );
}

const emptySite: SiteInput = {
  name: '',
  address: '',
  contactPerson: '',
  contactEmail: '',
  contactPhone: '',
  billing: false,
};

function AddSiteForm({ companyId, onDone }: { companyId: string; onDone: () => void }) {
  const add = useAddSite(companyId);
  const form = useForm<SiteInput>({ resolver: zodResolver(siteSchema), defaultValues: emptySite });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    add.mutate(values, {
      onSuccess: () => {
        toast({ title: 'Site Added' });
        form.reset(emptySite);
        onDone();
      },
    }),
  );

  return (
    <form
      className="grid gap-4 rounded-md border border-slate-200 bg-slate-50 p-4"
      noValidate
      onSubmit={submit}
      aria-label="Add site"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Site Name" required error={errors.name?.message}>
          <Input {...form.register('name')} />
        </FormField>
        <FormField label="Address" required error={errors.address?.message}>
          <Input {...form.register('address')} autoComplete="street-address" />
        </FormField>
        <FormField label="Contact Person" required error={errors.contactPerson?.message}>
          <Input {...form.register('contactPerson')} />
        </FormField>
        <FormField label="Contact Email" required error={errors.contactEmail?.message}>
          <Input {...form.register('contactEmail')} type="email" />
        </FormField>
        <FormField label="Contact Phone" required error={errors.contactPhone?.message}>
          <Input {...form.register('contactPhone')} type="tel" />
        </FormField>
      </div>
      {/* Issue 39: invoices are addressed to this site; it replaces the company's other one. */}
      <label className="flex items-start gap-2 text-sm text-slate-900">
        <input
          type="checkbox"
          {...form.register('billing')}
          className="mt-0.5 h-4 w-4 rounded border-slate-300"
        />
        <span>
          Billing address
          <span className="block text-xs text-slate-600">Invoices are addressed to this site.</span>
        </span>
      </label>
      <div className="flex justify-end">
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Adding...' : 'Add Site'}
        </Button>
      </div>
    </form>
  );
}
