/**
 * The locale the library's components use: the call's, else the page's `lang`, else the browser's
 * (English on a malformed tag). Formats follow the full tag (fr-CA); each component picks its texts by
 * the language, English when it does not bundle it.
 */
export function pickTag(requested: string | null | undefined): string {
  const tag = (requested || document.documentElement.lang || navigator.language || 'en').replace(/_/g, '-');
  try {
    new Intl.NumberFormat(tag); // throws RangeError on a malformed tag
    return tag;
  } catch {
    return 'en';
  }
}

/** Picks `bundled[language]`, else English (whose tag then replaces one of another language). */
export function textsFor<T>(tag: string, bundled: { en: T } & Record<string, T>): { tag: string; texts: T } {
  const texts = bundled[tag.slice(0, 2).toLowerCase()];
  return texts ? { tag, texts } : { tag: 'en', texts: bundled.en };
}

export function percent(tag: string, value: number): string {
  return new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 2 }).format(value / 100);
}
