import { useAuth } from '../../lib/auth.ts';
import { useCurrentCompany } from '../shared/use-company-query.ts';
import { SignInLogCard, useOwnSignIns } from '../shared/sign-in-log-card.tsx';
import { CompaniesCard } from './companies-card.tsx';
import { CompanySitesCard } from './company-sites-card.tsx';
import { NotificationPreferencesCard } from './notification-preferences-card.tsx';
import { PasskeysCard } from '../../auth/passkeys-card.tsx';
import { SecurityCard } from './security-card.tsx';
import { UserProfileCard } from './user-profile-card.tsx';

/**
 * Spec section 2 "Profile & Settings": four cards. Content only: the portal
 * layout around it provides the header and the main landmark.
 */
export function ProfileScreen() {
  const { user } = useAuth();
  const current = useCurrentCompany();
  const log = useOwnSignIns();
  if (!user) return null;
  const company = current;
  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Profile & Settings</h1>
        <p className="text-sm text-slate-600">Your details, company sites and notifications.</p>
      </div>
      <UserProfileCard user={user} />
      {company && <CompanySitesCard company={company} />}
      <NotificationPreferencesCard
        saved={user.notificationPreferences}
        roles={user.customers.map((c) => c.role)}
      />
      <SecurityCard previousSignInAt={user.previousSignInAt} />
      <PasskeysCard />
      <SignInLogCard title="Your Sign-in Log" entries={log.data} isPending={log.isPending} />
      <CompaniesCard companies={user.customers} />
    </div>
  );
}
