import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { PROJECT_ROOT } from '../../shared/config';

/** Screenshots kept as test artifacts (gitignored with .data/). */
export const SCREENSHOT_DIR = path.join(PROJECT_ROOT, '.data', 'test', 'screenshots');

const SYSTEM_BROWSERS = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

/**
 * Flags of @sparticuz/chromium's Lambda profile that would change what the tests see: web security off
 * would let any origin through CORS; one process is only needed inside Lambda's sandbox.
 */
const DROPPED_FLAGS = new Set([
  '--disable-web-security',
  '--allow-running-insecure-content',
  '--disable-site-isolation-trials',
  '--single-process',
  // No emulated GPU: SwiftShader renders WebGL in software on the CPU; the pages need plain raster only.
  '--use-gl=angle',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--in-process-gpu',
  '--ignore-gpu-blocklist',
]);

function onPath(name: string): string | null {
  try {
    return (
      execFileSync('which', [name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || null
    );
  } catch {
    return null;
  }
}

/** The package is an ES module with a CommonJS build; a dynamic import types it for this CommonJS file. */
type Sparticuz = (typeof import('@sparticuz/chromium', { with: { 'resolution-mode': 'import' } }))['default'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The Chromium inside @sparticuz/chromium, unpacked once into the temp dir. Test files run in parallel
 * workers and the package unpacks without a lock (and trusts any existing /tmp/chromium, even a
 * half-written one), so unpacking is serialized by a lock directory and finished by a version marker.
 */
async function unpackedSparticuz(sparticuz: Sparticuz): Promise<string> {
  const pkg = path.join(path.dirname(require.resolve('@sparticuz/chromium')), '..', '..', 'package.json');
  const version = (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { version: string }).version;
  const marker = path.join(os.tmpdir(), `chromium.unpacked-${version}`);
  const lock = path.join(os.tmpdir(), 'chromium.unpack-lock');
  for (let waited = 0; ; waited += 100) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      if (waited > 120_000) fs.rmSync(lock, { recursive: true, force: true }); // a killed run's lock
      await sleep(100);
    }
  }
  try {
    if (!fs.existsSync(marker) || !fs.existsSync(fs.readFileSync(marker, 'utf8'))) {
      fs.rmSync(path.join(os.tmpdir(), 'chromium'), { force: true });
      fs.writeFileSync(marker, await sparticuz.executablePath());
    }
    return fs.readFileSync(marker, 'utf8');
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * A headless Chromium: a system one when installed, else the one shipped in @sparticuz/chromium (no
 * download at run time). Never a skip: no browser is a failure saying what to install.
 */
export async function launchBrowser(): Promise<Browser> {
  const problems: string[] = [];
  const system = SYSTEM_BROWSERS.map(onPath).find((p) => p !== null);
  if (system) {
    try {
      return await chromium.launch({ executablePath: system, headless: true, args: ['--no-sandbox'] });
    } catch (err) {
      problems.push(`${system}: ${(err as Error).message.split('\n')[0]}`);
    }
  }
  try {
    const sparticuz: Sparticuz = (await import('@sparticuz/chromium')).default;
    const executablePath = await unpackedSparticuz(sparticuz);
    const args = [...sparticuz.args.filter((flag) => !DROPPED_FLAGS.has(flag)), '--disable-gpu'];
    return await chromium.launch({ executablePath, headless: true, args });
  } catch (err) {
    problems.push(`@sparticuz/chromium: ${(err as Error).message.split('\n')[0]}`);
  }
  throw new Error(
    `No headless Chromium could be started (${problems.join('; ')}). The browser tests need one: ` +
      'run `npm ci` (devDependency @sparticuz/chromium) or install chromium on the PATH.',
  );
}

/** A page with everything it reported: console errors, uncaught exceptions and dialogs (dismissed). */
export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  consoleErrors: string[];
  pageErrors: string[];
  dialogs: string[];
  /** Fails on any console error, page error or dialog, except console errors matching `allowed`. */
  expectClean(allowed?: RegExp[]): void;
}

export interface PageOptions {
  viewport?: { width: number; height: number };
  /** Origins whose pages may read and write the clipboard (the copy buttons). */
  clipboardOrigins?: string[];
  isMobile?: boolean;
  /** The browser's language (navigator.language and Accept-Language), e.g. fr. */
  locale?: string;
  /**
   * The page's prefers-reduced-motion (default 'reduce': spinners and progress bars then stand still,
   * instead of a headless Chromium repainting them in software at 60 frames a second while a test waits).
   */
  reducedMotion?: 'reduce' | 'no-preference';
}

/** One browser per test file: `const browser = useBrowser();` then `await browser().newPage()`. */
export function useBrowser(): () => TestBrowser {
  let instance: TestBrowser | undefined;
  beforeAll(async () => {
    instance = new TestBrowser(await launchBrowser());
  });
  afterAll(async () => {
    await instance?.close();
  });
  return () => {
    if (!instance) throw new Error('the browser is not started (useBrowser() in the file, outside a test)');
    return instance;
  };
}

export class TestBrowser {
  private readonly contexts = new Set<BrowserContext>();

  constructor(readonly browser: Browser) {}

  /** A new page in its own context (own cookies and cache), watched for errors. */
  async newPage(options: PageOptions = {}): Promise<WatchedPage> {
    const context = await this.browser.newContext({
      viewport: options.viewport ?? { width: 1280, height: 800 },
      isMobile: options.isMobile ?? false,
      hasTouch: options.isMobile ?? false,
      deviceScaleFactor: 1,
      reducedMotion: options.reducedMotion ?? 'reduce',
      ...(options.locale && { locale: options.locale }),
    });
    this.contexts.add(context);
    context.on('close', () => this.contexts.delete(context));
    for (const origin of options.clipboardOrigins ?? []) {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    }
    const page = await context.newPage();
    const watched: WatchedPage = {
      page,
      context,
      consoleErrors: [],
      pageErrors: [],
      dialogs: [],
      expectClean(allowed = []) {
        const unexpected = watched.consoleErrors.filter((m) => !allowed.some((re) => re.test(m)));
        expect({
          consoleErrors: unexpected,
          pageErrors: watched.pageErrors,
          dialogs: watched.dialogs,
        }).toEqual({
          consoleErrors: [],
          pageErrors: [],
          dialogs: [],
        });
      },
    };
    page.on('console', (msg) => {
      if (msg.type() === 'error') watched.consoleErrors.push(`${msg.text()} (${msg.location().url})`);
    });
    page.on('pageerror', (err) => watched.pageErrors.push(String(err)));
    page.on('dialog', (dialog) => {
      watched.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss();
    });
    return watched;
  }

  async close(): Promise<void> {
    await Promise.all([...this.contexts].map((c) => c.close().catch(() => undefined)));
    await this.browser.close();
  }
}

/**
 * Saves a screenshot as .data/test/screenshots/<name>.png and returns its path: the whole page, or only
 * `target` (e.g. the part of a merchant's page around the widget).
 */
export async function screenshot(page: Page, name: string, target?: Locator): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  if (target) await target.screenshot({ path: file });
  else await page.screenshot({ path: file, fullPage: true });
  return file;
}
