import { type Browser, chromium } from 'playwright-core';
import { ensureChromiumBinary } from '../../local-stack/binaries';

/** The browser test's Chromium (CHROMIUM_PATH, else the one the local stack downloads). */
export async function launchChromium(): Promise<Browser> {
  const executablePath =
    process.env.CHROMIUM_PATH ?? (await ensureChromiumBinary((line) => console.log(line)));
  return chromium.launch({ executablePath, args: ['--no-sandbox'] });
}

/**
 * Does what a person does with the address `cw login` prints: signs in on the authorization
 * page, reads the consent page, approves, and waits for the redirect's answer page.
 */
export async function approveInBrowser(
  browser: Browser,
  address: string,
  person: { email: string; password: string },
): Promise<{ clientName: string | null; landedOn: string; answerText: string }> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(address);
    await page.fill('#email', person.email);
    await page.fill('#password', person.password);
    await page.click('#sign-in');
    await page.waitForSelector('#approve');
    const clientName = await page.textContent('#client-name');
    await page.click('#approve');
    await page.waitForURL((url) => url.hostname === '127.0.0.1' && url.pathname === '/callback');
    return { clientName, landedOn: page.url(), answerText: (await page.textContent('h1')) ?? '' };
  } finally {
    await context.close();
  }
}
