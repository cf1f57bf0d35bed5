import { useQuery } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { componentInputSchema, type StatusComponent } from '../../../shared/schemas/status-page.ts';
import { staffQueries, staffUrl } from '../../lib/staff-queries.ts';
import { FormField } from '../../ui/form-field.tsx';
import { Input } from '../../ui/input.tsx';
import { sendJson } from '../api.ts';
import { FormDialog } from '../form-dialog.tsx';
import { CheckboxList } from './checkbox-list.tsx';

/** A new component (`component` absent) or an edit: its name, place and the sites it serves. */
export function ComponentDialog({
  component,
  onClose,
}: {
  component?: StatusComponent;
  onClose: () => void;
}) {
  const sites = useQuery(staffQueries.statusSites());
  return (
    <FormDialog
      title={component ? 'Edit Component' : 'New Component'}
      description="A service on the status page, and the customer sites that depend on it."
      schema={componentInputSchema}
      defaultValues={{
        name: component?.name ?? '',
        description: component?.description ?? '',
        position: component?.position ?? 0,
        allCustomers: component?.allCustomers ?? false,
        siteIds: component?.sites.map((s) => s.id) ?? [],
      }}
      request={(body) =>
        component
          ? sendJson<StatusComponent>('PUT', staffUrl(`status/components/${component.id}`), body)
          : sendJson<StatusComponent>('POST', staffUrl('status/components'), body)
      }
      success={component ? 'Component Saved' : 'Component Added'}
      failure="Failed to save the component. Please try again."
      submitLabel={component ? 'Save' : 'Add Component'}
      onClose={onClose}
    >
      {({ register, watch, control, formState: { errors } }) => (
        <>
          <FormField label="Name" required error={errors.name?.message}>
            <Input {...register('name')} maxLength={80} />
          </FormField>
          <FormField label="Description" error={errors.description?.message}>
            <Input {...register('description')} maxLength={300} />
          </FormField>
          <FormField label="Order on the page" error={errors.position?.message}>
            <Input type="number" min={0} max={999} {...register('position')} />
          </FormField>
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" className="h-4 w-4" {...register('allCustomers')} />
            Every customer depends on it
          </label>
          {!watch('allCustomers') && (
            <Controller
              control={control}
              name="siteIds"
              render={({ field }) => (
                <CheckboxList
                  legend="Customer sites"
                  className="grid max-h-56 gap-2 overflow-y-auto rounded-md border border-slate-200 p-2"
                  options={(sites.data ?? []).map((site) => ({
                    id: site.id,
                    name: `${site.name} (${site.customerName})`,
                    label: (
                      <>
                        {site.name} <span className="text-slate-600">({site.customerName})</span>
                      </>
                    ),
                  }))}
                  value={field.value ?? []}
                  onChange={field.onChange}
                  error={errors.siteIds?.message}
                />
              )}
            />
          )}
        </>
      )}
    </FormDialog>
  );
}
