import type { Browser, Page } from 'playwright-core';

/** What went wrong while one page loaded or rendered; empty when nothing did. */
export interface PageProblems {
  /** The page's path on the site (`/guide/install.html`). */
  readonly path: string;
  /** Console errors, uncaught exceptions, failed or external requests, a bad status, a missing page. */
  readonly problems: string[];
}

/** A page's listeners collecting problems until `stop` is called. */
function watch(page: Page, origin: string): { problems: string[]; stop(): void } {
  const problems: string[] = [];
  const onConsole = (message: { type(): string; text(): string }): void => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  };
  const onPageError = (error: Error): void => void problems.push(`exception: ${error.message}`);
  const onRequest = (request: { url(): string }): void => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && url.origin !== origin)
      problems.push(`external request (the site must work offline): ${url.href}`);
  };
  const onResponse = (response: { status(): number; url(): string }): void => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()} ${response.url()}`);
  };
  const onFailed = (request: { url(): string; failure(): { errorText: string } | null }): void => {
    const reason = request.failure()?.errorText ?? '';
    // Cancelled by the browser (VitePress prefetches linked pages' chunks; opening the next page cancels them).
    if (reason !== 'net::ERR_ABORTED') problems.push(`request failed: ${request.url()} (${reason})`);
  };
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  page.on('request', onRequest);
  page.on('response', onResponse);
  page.on('requestfailed', onFailed);
  return {
    problems,
    stop(): void {
      page.off('console', onConsole);
      page.off('pageerror', onPageError);
      page.off('request', onRequest);
      page.off('response', onResponse);
      page.off('requestfailed', onFailed);
    },
  };
}

/** VitePress mounts its Vue app on #app, hydrating the server-rendered page, once its scripts ran. */
const hydrated = 'Boolean(document.querySelector("#app") && document.querySelector("#app").__vue_app__)';

/**
 * Loads pages in full, one after the other (the server-rendered HTML, then the app hydrating it).
 * @param browser - the browser
 * @param siteUrl - the site's root URL
 * @param paths - the pages
 * @returns each page's problems, in order
 */
export async function loadPages(browser: Browser, siteUrl: string, paths: readonly string[]): Promise<PageProblems[]> {
  const origin = new URL(siteUrl).origin;
  const page = await browser.newPage();
  const results: PageProblems[] = [];
  try {
    for (const path of paths) {
      const watcher = watch(page, origin);
      try {
        const response = await page.goto(origin + path, { waitUntil: 'load' });
        if (response?.status() !== 200) watcher.problems.push(`the page answered HTTP ${String(response?.status())}`);
        await page.waitForFunction(hydrated, undefined, { timeout: 30_000 });
      } catch (error) {
        watcher.problems.push(`did not load: ${String(error)}`);
      } finally {
        watcher.stop();
      }
      results.push({ path, problems: watcher.problems });
    }
  } finally {
    await page.close();
  }
  return results;
}

/**
 * Shows pages through the site's own client-side navigation (what a reader clicking links gets: the
 * page's chunk loaded and rendered), in a few tabs side by side: much faster than a full load each.
 * @param browser - the browser
 * @param siteUrl - the site's root URL
 * @param paths - the pages
 * @param tabs - how many tabs share the pages
 * @returns each page's problems, in the order given
 */
export async function navigatePages(browser: Browser, siteUrl: string, paths: readonly string[], tabs = 2): Promise<PageProblems[]> {
  const origin = new URL(siteUrl).origin;
  const results = new Array<PageProblems>(paths.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    const page = await browser.newPage();
    try {
      await page.goto(siteUrl, { waitUntil: 'load' });
      await page.waitForFunction(hydrated);
      while (next < paths.length) {
        const index = next++;
        const path = paths[index]!;
        const watcher = watch(page, origin);
        try {
          const shown = await navigate(page, path);
          if (shown.notFound) watcher.problems.push('the site showed its 404 page');
          else if (shown.heading === '') watcher.problems.push('the page rendered no heading');
        } catch (error) {
          watcher.problems.push(`did not render: ${String(error)}`);
        } finally {
          watcher.stop();
        }
        results[index] = { path, problems: watcher.problems };
      }
    } finally {
      await page.close();
    }
  };
  await Promise.all(Array.from({ length: Math.min(tabs, paths.length) }, worker));
  return results;
}

/**
 * Runs in the page (given the path as `path`): finds VitePress's router (provided to the app; the one
 * object with `go`), goes to the path, and reports whether the 404 page shows and the first heading.
 */
const navigateSource = `(async (path) => {
  const provides = document.querySelector('#app').__vue_app__._context.provides;
  const key = [...Object.getOwnPropertySymbols(provides), ...Object.keys(provides)].find((k) => typeof provides[k]?.go === 'function');
  if (key === undefined) throw new Error("VitePress's router was not found on the app");
  await provides[key].go(path);
  return { notFound: document.querySelector('.NotFound') !== null, heading: document.querySelector('.VPContent h1')?.textContent?.trim() ?? '' };
})`;

/**
 * Goes to a page through the site's router.
 * @param page - a tab showing the site
 * @param path - the page's path
 * @returns whether the 404 page shows, and the page's first heading
 */
function navigate(page: Page, path: string): Promise<{ notFound: boolean; heading: string }> {
  return page.evaluate<{ notFound: boolean; heading: string }>(`${navigateSource}(${JSON.stringify(path)})`);
}
