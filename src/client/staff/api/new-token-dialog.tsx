import {
  API_TOKEN_DAYS,
  apiTokenScopeLabels,
  apiTokenScopes,
  createApiTokenSchema,
  type CreatedApiToken,
} from '../../../shared/schemas/api-tokens.ts';
import { formatDate } from '../../../shared/format.ts';
import { staffUrl } from '../../lib/staff-queries.ts';
import { FormField } from '../../ui/form-field.tsx';
import { Input } from '../../ui/input.tsx';
import { sendJson } from '../api.ts';
import { FormDialog } from '../form-dialog.tsx';
import { FormSelect } from '../form-select.tsx';
import { ShownOnceDialog } from '../shown-once.tsx';

const scopeOptions = apiTokenScopes.map((s) => ({ value: s, label: apiTokenScopeLabels[s] }));
const dayOptions = API_TOKEN_DAYS.map((d) => ({ value: String(d), label: `${d} days` }));

/** Name, access and lifetime of a new token; the created token goes to `onCreated`. */
export function NewTokenDialog({
  onCreated,
  onClose,
}: {
  onCreated: (token: CreatedApiToken) => void;
  onClose: () => void;
}) {
  return (
    <FormDialog
      title="New API Token"
      description="The token acts as you. Give it the least access the tool needs."
      schema={createApiTokenSchema}
      defaultValues={{ name: '', scope: 'read', days: '90' }}
      request={(body) => sendJson<CreatedApiToken>('POST', staffUrl('api-tokens'), body)}
      success="Token Created"
      failure="Failed to create the token. Please try again."
      onSaved={onCreated}
      submitLabel="Create Token"
      pendingLabel="Creating..."
      onClose={onClose}
    >
      {({ register, control, formState: { errors } }) => (
        <>
          <FormField label="Name" required error={errors.name?.message}>
            <Input placeholder="e.g. Accounting sync" {...register('name')} />
          </FormField>
          <FormSelect
            control={control}
            name="scope"
            label="Access"
            required
            options={scopeOptions}
            error={errors.scope?.message}
          />
          <FormSelect
            control={control}
            name="days"
            label="Expires after"
            required
            options={dayOptions}
            error={errors.days?.message}
          />
        </>
      )}
    </FormDialog>
  );
}

/** The whole token, once: it is stored only as a hash and cannot be shown again. */
export function TokenShownDialog({
  token,
  onClose,
}: {
  token: CreatedApiToken;
  onClose: () => void;
}) {
  return (
    <ShownOnceDialog
      title="Copy Your New Token"
      description="This is the only time it is shown. Store it in your tool's secret settings."
      label={`Token “${token.name}”, expires ${formatDate(token.expiresAt)}`}
      secret={token.token}
      onClose={onClose}
    />
  );
}
