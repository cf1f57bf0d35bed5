import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  signInPolicies,
  signInPolicyLabels,
  type SignInPolicy,
  type SsoSettings,
} from '../../../shared/schemas/sso.ts';
import { Button } from '../../ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../ui/card.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { Input } from '../../ui/input.tsx';
import { Select } from '../../ui/select.tsx';
import { Switch } from '../../ui/switch.tsx';
import { staffQueries, staffUrl } from '../../lib/staff-queries.ts';
import { sendJson, useStaffMutation } from '../api.ts';
import { QueryState } from '../query-state.tsx';
import { useStaffCan } from '../use-staff-can.ts';

/**
 * The company's single sign-on (issue 19, ADR 042): its OpenID provider, the e-mail domains
 * it owns, joining, and the company's sign-in policy. The client secret is write-only.
 */
export function SsoCard({ companyId }: { companyId: string }) {
  const settings = useQuery(staffQueries.sso(companyId));
  return (
    <Card>
      <CardHeader title="Single Sign-On" />
      <QueryState query={settings} empty="" isEmpty={() => false}>
        {(s) => <SsoForm companyId={companyId} settings={s} />}
      </QueryState>
    </Card>
  );
}

/** What is in force now, from the saved settings (the switches below are the form's draft). */
const ssoStatus = (s: SsoSettings) =>
  !s.configured
    ? 'Not set up: this company signs in with e-mail links until you save.'
    : s.enabled
      ? 'On: addresses of the domains below are offered this provider on the sign-in page.'
      : 'Off: saved, but not offered on the sign-in page.';

function SsoForm({ companyId, settings }: { companyId: string; settings: SsoSettings }) {
  const [issuer, setIssuer] = useState(settings.issuer);
  const [clientId, setClientId] = useState(settings.clientId);
  const [clientSecret, setClientSecret] = useState('');
  const [domains, setDomains] = useState(settings.domains.join(', '));
  const [allowJoin, setAllowJoin] = useState(settings.allowJoin);
  const [enabled, setEnabled] = useState(settings.configured ? settings.enabled : true);
  const save = useStaffMutation<void>({
    request: () =>
      sendJson('PUT', staffUrl(`customers/${companyId}/sso`), {
        issuer,
        clientId,
        clientSecret,
        domains: domains
          .split(/[\s,]+/)
          .map((d) => d.trim())
          .filter(Boolean),
        allowJoin,
        enabled,
      }),
    success: 'Single Sign-On Saved',
    failure: 'Failed to save single sign-on. Please try again.',
    onSuccess: () => setClientSecret(''),
  });
  const policy = useStaffMutation<SignInPolicy>({
    request: (value) =>
      sendJson('PUT', staffUrl(`customers/${companyId}/sign-in-policy`), { policy: value }),
    success: 'Sign-In Policy Updated',
    failure: 'Failed to change the sign-in policy. Please try again.',
  });
  // The auditor reads the settings (ADR 058); a disabled fieldset turns every field off at once.
  const canManage = useStaffCan('signInSettings');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <CardBody>
      <form onSubmit={submit}>
        <fieldset disabled={!canManage} className="grid min-w-0 gap-4 md:grid-cols-2">
          <p className="text-sm text-slate-700 md:col-span-2" data-testid="sso-status">
            {ssoStatus(settings)}
          </p>
          <FormField label="Issuer URL" required>
            <Input
              value={issuer}
              onChange={(e) => setIssuer(e.target.value)}
              placeholder="https://login.microsoftonline.com/<tenant>/v2.0"
            />
          </FormField>
          <FormField label="Client ID" required>
            <Input value={clientId} onChange={(e) => setClientId(e.target.value)} />
          </FormField>
          <FormField label={settings.hasClientSecret ? 'New client secret' : 'Client secret'}>
            <Input
              type="password"
              autoComplete="off"
              value={clientSecret}
              onChange={(e) => setClientSecret(e.target.value)}
              placeholder={settings.hasClientSecret ? 'Stored; leave empty to keep it' : ''}
            />
          </FormField>
          <FormField label="Email domains (comma-separated)" required>
            <Input
              value={domains}
              onChange={(e) => setDomains(e.target.value)}
              placeholder="example.com"
            />
          </FormField>
          <label className="flex items-center gap-3 text-sm text-slate-800">
            <Switch checked={allowJoin} onCheckedChange={setAllowJoin} />
            New colleagues may join as members when they first sign in
          </label>
          <label className="flex items-center gap-3 text-sm text-slate-800">
            <Switch checked={enabled} onCheckedChange={setEnabled} />
            {settings.configured ? 'Enabled' : 'Enabled once saved'}
          </label>
          <p className="text-sm break-all text-slate-600 md:col-span-2">
            Redirect URI to register with the provider: <code>{settings.redirectUri}</code>
          </p>
          {canManage && (
            <div className="md:col-span-2">
              <Button type="submit" disabled={save.isPending}>
                Save Single Sign-On
              </Button>
            </div>
          )}
        </fieldset>
      </form>
      <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-1.5 border-t border-slate-200 pt-4">
        <label htmlFor="sign-in-policy" className="text-sm font-medium text-slate-800">
          Sign-in policy
        </label>
        {/* The custom select as everywhere else, its long first choice on one line from 768 px,
            wrapped below. */}
        <Select
          id="sign-in-policy"
          className="max-w-xl"
          wrap
          value={settings.policy}
          disabled={!canManage || policy.isPending}
          onValueChange={(value) => policy.mutate(value as SignInPolicy)}
          options={signInPolicies.map((p) => ({
            value: p,
            label: signInPolicyLabels[p],
            disabled: p === 'sso' && !settings.enabled,
          }))}
        />
      </div>
    </CardBody>
  );
}
