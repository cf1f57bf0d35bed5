// Issue 36, tests that look: the sign-in page and the staff second-factor screens (confirm, set
// up) at 390, 768, 1024 and 1280 px: no sideways scroll, nothing cut by the viewport or its
// box, no clipped text (fixtures/layout.ts). The signed-in screens: legibility.spec.ts.
import { expect, test } from './fixtures/test.ts';
import { addSession, newStaffMember } from './fixtures/session.ts';
import { STAFF_EMAIL } from './fixtures/staff.ts';
import { walkAtEveryWidth } from './fixtures/layout.ts';
import { hydrated, loaded } from './screens/catalogue.ts';
import { paths } from '../../src/shared/routes.ts';

test.use({ actionTimeout: 15_000 });

test('the second-factor screens (confirm, set up) and the sign-in page at 390, 768, 1024 and 1280 px', async ({
  page,
}) => {
  const problems = await walkAtEveryWidth(page, [
    { name: 'sign-in', path: '/api/login', ready: hydrated },
  ]);
  await addSession(page.context(), STAFF_EMAIL, true);
  problems.push(
    ...(await walkAtEveryWidth(page, [
      { name: 'confirm it is you', path: paths.staffSecondFactor, ready: loaded },
    ])),
  );
  await page.context().clearCookies();
  await addSession(page.context(), await newStaffMember(), true);
  problems.push(
    ...(await walkAtEveryWidth(page, [
      {
        name: 'set up a second factor',
        path: paths.staffSecondFactor,
        ready: async (page) => {
          await loaded(page);
          await expect(page.getByText('Set Up an Authenticator App')).toBeVisible();
        },
      },
    ])),
  );
  expect(problems).toEqual([]);
});
