import { chromium, type Browser } from 'playwright-core';
import { ensureBuiltSite, siteRoot } from './support/built-site';
import { loadPages, navigatePages, type PageProblems } from './support/crawl-site';
import { builtPages, internalTarget, type BuiltPage } from './support/site-links';
import { serveStatic, type StaticSite } from './support/static-server';

// Building the site (when docs/dist is missing or stale) takes minutes on two cores; showing ~600 pages a few more.
jest.setTimeout(30 * 60_000);

/** The problems of the pages that had any, one line each. */
function problemsOf(results: readonly PageProblems[]): string[] {
  return results.flatMap((result) => result.problems.map((problem) => `${result.path}: ${problem}`));
}

describe('The docs site', () => {
  let site: StaticSite;
  let browser: Browser;
  let pages: BuiltPage[];

  beforeAll(async () => {
    const executablePath = process.env.TOOLCRAFT_CHROMIUM;
    if (executablePath === undefined)
      throw new Error('TOOLCRAFT_CHROMIUM is not set: the global setup finds Chromium (packages/devtools/test/setup/chromium.js).');
    await ensureBuiltSite(20 * 60_000);
    pages = builtPages(siteRoot);
    site = await serveStatic(siteRoot);
    browser = await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it('has the quick starts, the guides, the migration guides, the package reference and the API reference', () => {
    expect(pages.map((page) => page.path)).toEqual(
      expect.arrayContaining([
        '/index.html',
        '/guide/quick-start-class.html',
        '/guide/quick-start-annotated.html',
        '/guide/quick-start-zod.html',
        '/guide/troubleshooting.html',
        '/concepts/agent-loop.html',
        '/concepts/ai-sdk-and-langchain.html',
        '/migrate/vercel-ai-sdk.html',
        '/migrate/koog.html',
        '/reference/core.html',
        '/reference/mcp.html',
        '/api/index.html',
        '/api/core/classes/Agent.html',
        '/api/ai-sdk/functions/toAISDKTools.html',
        '/api/ai-sdk/classes/AISDKChatModel.html',
        '/api/langchain/functions/toLangChainTools.html',
        '/api/langchain/functions/fromLangChainTools.html',
      ]),
    );
  });

  it('loads every written page and every package reference page in full: no console error, exception or failed request, nothing fetched from outside', async () => {
    const full = pages.map((page) => page.path).filter((path) => !path.startsWith('/api/') || /^\/api\/([^/]+\/)*index\.html$/.test(path));
    expect(problemsOf(await loadPages(browser, site.url, full))).toEqual([]);
  });

  it('shows every page of the API reference through the site navigation without an error', async () => {
    const reference = pages.map((page) => page.path).filter((path) => path.startsWith('/api/'));
    expect(problemsOf(await navigatePages(browser, site.url, reference))).toEqual([]);
  });

  it('has no broken internal link, nor a link to an anchor that is not there', () => {
    const anchors = new Map(pages.map((page) => [page.path, page.ids]));
    const broken = new Set<string>();
    for (const page of pages) {
      for (const href of page.hrefs) {
        const target = internalTarget(siteRoot, page.path, href);
        if (target === undefined) continue;
        if (target.path === undefined) broken.add(`${page.path} -> ${target.pathname}: no such page`);
        else if (target.hash !== '' && target.path.endsWith('.html') && !anchors.get(target.path)?.has(target.hash)) {
          broken.add(`${page.path} -> ${target.pathname}#${target.hash}: no such anchor`);
        }
      }
    }
    expect([...broken]).toEqual([]);
  });

  it('links every page from another page, so none is orphaned', () => {
    const linked = new Set<string>();
    for (const page of pages) {
      for (const href of page.hrefs) {
        const target = internalTarget(siteRoot, page.path, href)?.path;
        if (target !== undefined && target !== page.path) linked.add(target);
      }
    }
    expect(pages.map((page) => page.path).filter((path) => path !== '/index.html' && !linked.has(path))).toEqual([]);
  });

  it('finds a term with the search box and opens the page it was found on', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(site.url, { waitUntil: 'load' });
      await page.locator('.VPNavBarSearch button').click();
      await page.locator('input.search-input').fill('ScriptedModel');
      const results = page.locator('ul.results li a');
      await results.first().waitFor();
      const hrefs = await Promise.all((await results.all()).map((result) => result.getAttribute('href')));
      expect(hrefs.map((href) => href?.split('#')[0])).toContain('/guide/testing.html');
      await page.locator('ul.results li a[href^="/guide/testing.html"]').first().click();
      await page.waitForURL(/\/guide\/testing\.html/);
      // The URL changes before the page's content is swapped in: wait for the new heading itself.
      await page.locator('.VPContent h1', { hasText: 'Testing offline' }).first().waitFor();
    } finally {
      await page.close();
    }
  });
});
