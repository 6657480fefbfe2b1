import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { RuntimeConfig } from '@mentoring/shared';
import { adminConfirm, createTestUser, uniqueEmail, type StageCognito } from '../support/auth';
import { screenshot } from './support';

const stageCognito = async (request: APIRequestContext): Promise<StageCognito> => {
  const config = (await (await request.get('/config.json')).json()) as RuntimeConfig;
  if (!config.cognito) throw new Error('/config.json names no user pool');
  return config.cognito;
};

const password = 'Mentor-pass1';

const fillSignUp = async (page: Page, { name, email, pass }: { name: string; email: string; pass: string }) => {
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(pass);
  await page.getByRole('button', { name: 'Sign up' }).click();
};

const signInWith = async (page: Page, email: string, pass: string) => {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(pass);
  await page.getByRole('button', { name: 'Sign in' }).click();
};

test('sign up, confirm, sign in, stay signed in across a reload, reach a protected page, sign out', async ({ page, request, baseURL }) => {
  const cognito = await stageCognito(request);
  const email = uniqueEmail('e2e');

  // A protected page sends a visitor to sign in, remembering where they were going.
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?next=%2Faccount$/);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();

  await fillSignUp(page, { name: 'Ada Lovelace', email, pass: password });
  await expect(page.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(`We sent a code to ${email}.`);

  // A wrong code is refused in words.
  await page.getByLabel('Confirmation code').fill('000000');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('That code is not right. Check the e-mail we sent and try again.');

  await page.getByRole('button', { name: 'Send a new code' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(`We sent a new code to ${email}.`);
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);

  // The e-mailed code cannot be read here: an administrator confirms the account instead.
  await adminConfirm(cognito, email);
  await page.goto('/login?next=%2Faccount');
  await signInWith(page, email, password);

  await expect(page).toHaveURL(`${baseURL}/account`);
  await expect(page.getByTestId('header-user-name')).toHaveText('Ada Lovelace');
  await expect(page.getByRole('link', { name: 'Login' })).toHaveCount(0);
  await expect(page.getByTestId('api-identity')).toHaveText(`You are signed in as ${email}.`);
  await screenshot(page, 'auth-signed-in');

  await page.reload();
  await expect(page.getByTestId('header-user-name')).toHaveText('Ada Lovelace');
  await expect(page.getByTestId('api-identity')).toHaveText(`You are signed in as ${email}.`);

  // Signed-in pages keep Sign out in the member's account menu.
  await page.getByRole('button', { name: 'Ada Lovelace' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign up' })).toBeVisible();
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?next=%2Faccount$/);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
});

test('an expired session is refreshed with the refresh token, and the API accepts the new ID token', async ({ page, request, baseURL }) => {
  const user = await createTestUser({ url: baseURL!, cognito: await stageCognito(request) }, { name: 'Katherine Johnson' });
  await page.goto('/login?next=%2Faccount');
  await signInWith(page, user.email, user.password);
  await expect(page.getByTestId('api-identity')).toHaveText(`You are signed in as ${user.email}.`);

  // Make the stored tokens look expired (which also breaks their signatures: the API would refuse them).
  const expired = await page.evaluate(() => {
    const b64 = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    const expire = (token: string) => {
      const [header, payload, signature] = token.split('.');
      const claims = JSON.parse(atob(payload!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp: number };
      return [header, b64(JSON.stringify({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 })), signature].join('.');
    };
    const keys = Object.keys(localStorage).filter((key) => /\.(idToken|accessToken)$/.test(key));
    for (const key of keys) localStorage.setItem(key, expire(localStorage.getItem(key)!));
    return keys.map((key) => ({ key, token: localStorage.getItem(key)! }));
  });
  expect(expired).toHaveLength(2);
  const expiredIdToken = expired.find(({ key }) => key.endsWith('.idToken'))!.token;
  expect((await request.get('/api/me', { headers: { authorization: `Bearer ${expiredIdToken}` } })).status()).toBe(401);

  await page.reload();
  await expect(page.getByTestId('header-user-name')).toHaveText('Katherine Johnson');
  await expect(page.getByTestId('api-identity')).toHaveText(`You are signed in as ${user.email}.`);
  const current = await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.endsWith('.idToken'))
      .map((key) => localStorage.getItem(key)!),
  );
  expect(current).toHaveLength(1);
  expect(current[0]).not.toBe(expiredIdToken);
});

/** Holds the app's scripts back until `release` is called: the page stays the prerendered HTML until then. */
const holdScripts = async (page: Page) => {
  let release!: () => void;
  const typed = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await typed;
    await route.continue();
  });
  return release;
};

test('what a visitor types into the prerendered sign-in page before it hydrates still signs them in, and an early Enter reloads nothing', async ({ page, request, baseURL }) => {
  const user = await createTestUser({ url: baseURL!, cognito: await stageCognito(request) }, { name: 'Katherine Johnson' });
  const release = await holdScripts(page);
  // Module scripts hold DOMContentLoaded back, so the page is taken as soon as its HTML arrives.
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  // Before hydration the browser would submit the form itself: a reload of /login that loses what was typed.
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeDisabled();
  await page.getByLabel('Password').press('Enter');
  await expect(page).toHaveURL(/\/login$/);
  release();
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('header-user-name')).toHaveText('Katherine Johnson');
});

test('what a visitor types into the prerendered sign-up page before it hydrates still creates the account', async ({ page }) => {
  const email = uniqueEmail('early');
  const release = await holdScripts(page);
  await page.goto('/signup', { waitUntil: 'commit' });
  await page.getByLabel('Name').fill('Dorothy Vaughan');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await expect(page.getByRole('button', { name: 'Sign up' })).toBeDisabled();
  release();
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
});

test('signing in before confirming leads to the confirmation step', async ({ page, request }) => {
  const cognito = await stageCognito(request);
  const email = uniqueEmail('unconfirmed');
  await page.goto('/signup');
  await fillSignUp(page, { name: 'Mary Jackson', email, pass: password });
  await expect(page.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeVisible();

  await page.goto('/login');
  await signInWith(page, email, password);
  await expect(page.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeVisible();
  await expect(page).toHaveURL(/step=confirm/);
  await adminConfirm(cognito, email);
});

test('a visitor who never signed in does not download Amplify on a public page', async ({ page }) => {
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text());
  });
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  const bodies = await Promise.all(scripts);
  expect(bodies.length).toBeGreaterThan(0);
  expect(bodies.filter((body) => body.includes('GetTokensFromRefreshToken'))).toHaveLength(0);

  // The sign-in page does load it.
  await page.getByRole('link', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('E-mail').fill(uniqueEmail('lazy'));
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toBeVisible();
  expect((await Promise.all(scripts)).some((body) => body.includes('GetTokensFromRefreshToken'))).toBe(true);
});

test.describe('every error is said in words on the form', () => {
  test('wrong password and unknown user on sign in', async ({ page, request, baseURL }) => {
    const user = await createTestUser({ url: baseURL!, cognito: await stageCognito(request) }, { name: 'Grace Hopper' });
    await page.goto('/login');
    await signInWith(page, user.email, 'Wrong-pass1');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Incorrect e-mail or password.');
    // Sign-in does not reveal whether an address has an account (the pool prevents user-existence errors).
    await page.getByLabel('Password').fill('');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Enter your password.');
    await signInWith(page, uniqueEmail('nobody'), password);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Incorrect e-mail or password.');
    await screenshot(page, 'auth-login-error');
    await signInWith(page, user.email, user.password);
    await expect(page.getByTestId('header-user-name')).toHaveText('Grace Hopper');
  });

  test('existing account and weak password on sign up', async ({ page, request, baseURL }) => {
    const user = await createTestUser({ url: baseURL!, cognito: await stageCognito(request) });
    await page.goto('/signup');
    await fillSignUp(page, { name: 'Someone', email: uniqueEmail('weak'), pass: 'short' });
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'Choose a stronger password: it needs at least 8 characters, an uppercase letter, a number, a symbol such as ! or -.',
    );
    await fillSignUp(page, { name: 'Someone', email: user.email, pass: password });
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('An account with this e-mail address already exists. Sign in instead.');
  });

  test('network failure', async ({ page, request }) => {
    const cognito = await stageCognito(request);
    await page.route(`${cognito.endpoint ?? 'https://cognito-idp.*.amazonaws.com'}/**`, (route) => route.abort('connectionrefused'));
    await page.goto('/login');
    await signInWith(page, uniqueEmail('offline'), password);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('We could not reach the sign-in service. Check your connection and try again.');
  });

  test('forgot password: wrong code', async ({ page, request, baseURL }) => {
    const user = await createTestUser({ url: baseURL!, cognito: await stageCognito(request) });
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    // Clicked before /login hydrates, the link is the browser's own: until the new page is in, "E-mail" is sign-in's.
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByRole('button', { name: 'Send me a code' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(`We sent a code to ${user.email}.`);
    await page.getByLabel('Code').fill('000000');
    await page.getByLabel('New password').fill('weak');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toContainText('Choose a stronger password');
    await page.getByLabel('New password').fill('Brand-new-pass2');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('That code is not right. Check the e-mail we sent and try again.');
  });
});
