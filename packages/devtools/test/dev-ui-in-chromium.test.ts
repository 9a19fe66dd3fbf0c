import 'reflect-metadata';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { serveDevtools, type DevtoolsServer } from '../src/index.js';
import { createDevAgent } from './support/dev-agent.js';

jest.setTimeout(90_000);

const outputDir = join(__dirname, '..', 'test-output');

describe('the dev UI in Chromium', () => {
  let devtools: DevtoolsServer;
  let browser: Browser;
  let page: Page;
  const posted: string[] = [];

  beforeAll(async () => {
    const executablePath = process.env.TOOLCRAFT_CHROMIUM;
    if (executablePath === undefined)
      throw new Error('TOOLCRAFT_CHROMIUM is not set: the global setup finds Chromium (test/setup/chromium.js).');
    devtools = await serveDevtools({
      agent: createDevAgent(),
      port: 0,
      providers: {
        'example provider': (tools) => tools.map((tool) => ({ type: 'function', name: tool.name, parameters: tool.inputSchema })),
      },
    });
    browser = await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
    page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
    page.on('request', (request) => {
      if (request.method() === 'POST') posted.push(new URL(request.url()).pathname);
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(devtools.url);
    await page.waitForSelector('body[data-ready="true"]');
    expect(errors).toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    await devtools?.close();
  });

  it('lists the tools with their schemas and what the provider is sent', async () => {
    await expectText(page.locator('#agent-info'), 'agent banker');
    expect(await attributes(page.locator('details.tool'), 'data-tool')).toEqual(['convert', 'transfer', 'balance']);
    const transfer = page.locator('details[data-tool="transfer"]');
    await transfer.locator('summary').first().click();
    await transfer.locator('summary', { hasText: 'sent to example provider' }).click();
    await expectText(transfer, '"name": "transfer"');
  });

  it('calls a tool from its form: a value that breaks the schema is shown before anything is sent', async () => {
    const convert = page.locator('details[data-tool="convert"]');
    await convert.locator('summary').first().click();
    await convert.locator('input[name="euros"]').fill('-5');
    const before = posted.length;
    await convert.locator('button[type="submit"]').click();
    await expectText(convert.locator('[data-test="errors"]'), 'euros');
    expect(posted.length).toBe(before);
    await convert.locator('input[name="euros"]').fill('10');
    await convert.locator('select[name="rounding"]').selectOption({ label: 'up' });
    await convert.locator('button[type="submit"]').click();
    await expectText(convert.locator('[data-test="result"]'), '{"dollars":11}');
    expect(posted.slice(before)).toEqual(['/api/tools/call']);
  });

  it('asks in the page before its form calls a tool that needs approval: Cancel sends nothing, Call anyway calls it', async () => {
    const transfer = page.locator('details[data-tool="transfer"]');
    await expectText(transfer.locator('[data-test="approval-badge"]'), 'needs approval');
    await transfer.locator('input[name="to"]').fill('Ann');
    await transfer.locator('input[name="amount"]').fill('5');
    const before = posted.length;
    await transfer.locator('button[type="submit"]').click();
    const confirm = transfer.locator('[data-test="confirm"]');
    await expectText(confirm, 'transfer needs approval in a run');
    await expectText(confirm, 'needsApproval: true');
    await confirm.locator('[data-test="cancel-call"]').click();
    expect(await confirm.isHidden()).toBe(true);
    expect(posted.length).toBe(before);
    await transfer.locator('button[type="submit"]').click();
    await confirm.locator('[data-test="confirm-call"]').click();
    await expectText(transfer.locator('[data-test="result"]'), 'sent 5 EUR to Ann');
    expect(posted.slice(before)).toEqual(['/api/tools/call']);
  });

  it('chats: the answer streams in, piece by piece', async () => {
    // Counts the changes of the chat log while the answer arrives (run in the page).
    await page.evaluate(`window.textChanges = 0;
      new MutationObserver((records) => { window.textChanges += records.length; })
        .observe(document.getElementById('chat-log'), { childList: true, subtree: true, characterData: true });`);
    await send(page, 'please convert 10 euros');
    await expectText(page.locator('#chat-log'), 'Done: {"dollars":11}.');
    await expectText(page.locator('#chat-log'), '→ convert {"euros":10}');
    const changes = await page.evaluate<number>('window.textChanges');
    expect(changes).toBeGreaterThan(8);
    await expectText(page.locator('[data-test="run"]').first(), 'completed');
  });

  it('approves a paused call with edited arguments, checked by the tool’s schema first', async () => {
    await send(page, 'send Bob 50');
    const card = page.locator('[data-test="card-approval"]');
    await card.waitFor();
    expect(await card.locator('input[name="to"]').inputValue()).toBe('Bob');
    expect(await card.locator('input[name="amount"]').inputValue()).toBe('50');
    await card.locator('input[name="amount"]').fill('5000');
    const before = posted.length;
    await card.locator('[data-test="approve"]').click();
    await expectText(card.locator('[data-test="errors"]'), 'amount');
    expect(posted.length).toBe(before);
    await card.locator('input[name="to"]').fill('Alice');
    await card.locator('input[name="amount"]').fill('20');
    await card.locator('[data-test="approve"]').click();
    await expectText(page.locator('#chat-log'), 'Done: sent 20 EUR to Alice.');
    expect(posted.slice(before)).toEqual(['/api/runs/resume']);
  });

  it('asks for a credential in a password field and never shows it again', async () => {
    await send(page, 'my balance');
    const card = page.locator('[data-test="card-credential"]');
    await card.waitFor();
    expect(await card.locator('[data-test="credential"]').getAttribute('type')).toBe('password');
    await card.locator('[data-test="credential"]').fill('tok-SECRET-42');
    await card.locator('[data-test="provide"]').click();
    await expectText(page.locator('#chat-log'), 'balance: 1200 EUR');
    expect(await page.locator('body').innerText()).not.toContain('tok-SECRET-42');
    const runStates = await page.locator('[data-test="run-state"]').allTextContents();
    expect(runStates.join('\n')).not.toContain('tok-SECRET-42');
  });

  it('draws each run’s timeline as bars: model calls, tool calls, the pause, and a failed run’s error', async () => {
    await send(page, 'fail please');
    const failed = page.locator('[data-test="run"][data-status="failed"]');
    await failed.waitFor();
    await expectText(failed.locator('[data-test="timeline-error"]'), 'the model service is down');
    const statuses = await attributes(page.locator('[data-test="run"]'), 'data-status');
    expect(statuses).toEqual(['failed', 'completed', 'interrupted', 'completed', 'interrupted', 'completed']);
    const resumed = page.locator('[data-test="run"]').nth(3);
    const bars = await resumed
      .locator('.bar')
      .evaluateAll((elements) => elements.map((bar) => `${bar.getAttribute('data-kind')}:${bar.getAttribute('data-status')}`));
    expect(bars).toEqual(['tool:ok', 'model:ok', 'stop:ok']);
    const paused = await attributes(page.locator('[data-test="run"]').nth(4).locator('.bar'), 'data-kind');
    expect(paused).toEqual(['model', 'interruption', 'stop']);
    const box = await resumed.locator('.bar[data-kind="tool"]').boundingBox();
    expect(box?.width).toBeGreaterThan(0);
    await page.locator('#session-details summary').click();
    await expectText(page.locator('#session-state'), '"messages"');
    const completed = page.locator('[data-test="run"]').nth(1);
    await completed.locator('summary', { hasText: 'RunState' }).click();
    await expectText(completed.locator('[data-test="run-state"]'), 'toolcraft.run-state');
  });

  it('keeps a screenshot in the test output folder', async () => {
    mkdirSync(outputDir, { recursive: true });
    const file = join(outputDir, 'dev-ui.png');
    await page.screenshot({ path: file, fullPage: true });
    if (process.env.UPDATE_SCREENSHOT === '1') copyFileSync(file, join(__dirname, '..', 'docs', 'dev-ui.png'));
  });
});

/** An attribute of every element a locator finds, in order. */
async function attributes(locator: ReturnType<Page['locator']>, name: string): Promise<Array<string | null>> {
  return Promise.all((await locator.all()).map((element) => element.getAttribute(name)));
}

async function send(page: Page, text: string): Promise<void> {
  await page.locator('#chat-send:not([disabled])').waitFor();
  await page.locator('#chat-input').fill(text);
  await page.locator('#chat-send').click();
}

/** Waits until the element's text contains the expected text (up to 10 s), and says what it had. */
async function expectText(locator: ReturnType<Page['locator']>, expected: string): Promise<void> {
  try {
    await locator.filter({ hasText: expected }).first().waitFor({ timeout: 10_000 });
  } catch {
    throw new Error(
      `expected ${JSON.stringify(expected)} in ${String(locator)}, which reads: ${JSON.stringify(
        await locator
          .first()
          .innerText()
          .catch(() => '(nothing)'),
      )}`,
    );
  }
}
