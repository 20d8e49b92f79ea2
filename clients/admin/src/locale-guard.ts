/**
 * Imported first by main.tsx, before any library runs: some systems report a language tag Intl
 * refuses (Chromium under LANG=C says "en-US@posix"), and uPlot formats with navigator.language as
 * soon as it loads. Such a tag is replaced by its valid part ("en-US"), or by "en-US".
 */
function validTag(tag: string): string | null {
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? null;
  } catch {
    return null;
  }
}

const reported = navigator.language;
if (reported && !validTag(reported)) {
  const usable = validTag(reported.split(/[@.]/)[0] ?? '') ?? 'en-US';
  Object.defineProperty(navigator, 'language', { value: usable, configurable: true });
}

export {};
