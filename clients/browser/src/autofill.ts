import { trackingCode } from './cookie';
import { clientError } from './http';

/** `name=<input name>` (the spec's form), a CSS selector, or a callback receiving the code. */
export type AutofillTarget = string | ((code: string) => void);

/** Selectors still being watched for inputs added later, with the code they get. */
const watched: { selector: string; code: string }[] = [];
let observer: MutationObserver | undefined;

function toSelector(target: string): string {
  if (!target.startsWith('name=')) return target;
  const name = CSS.escape(target.slice(5));
  return `input[name="${name}"],textarea[name="${name}"]`;
}

/**
 * Sets the value like a user would, through the native setter (frameworks such as React track the
 * value property) and with input and change events. Fields that already hold a value are left alone.
 */
function fill(element: Element, code: string): void {
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) || element.value)
    return;
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element) as object, 'value')?.set;
  if (setter) setter.call(element, code);
  else element.value = code;
  element.dispatchEvent(new Event('input', { bubbles: true }));
  element.dispatchEvent(new Event('change', { bubbles: true }));
}

function fillWithin(root: Element | Document, selector: string, code: string): void {
  if (root instanceof Element && root.matches(selector)) fill(root, code);
  root.querySelectorAll(selector).forEach((element) => fill(element, code));
}

/** One observer for the page: forms rendered after the call get the code too. */
function watch(selector: string, code: string): void {
  watched.push({ selector, code });
  if (observer) return;
  observer = new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      mutation.addedNodes.forEach((node) => {
        if (node instanceof Element) for (const w of watched) fillWithin(node, w.selector, w.code);
      });
    }
  });
  observer.observe(document.documentElement, { childList: true, subtree: true });
}

/** Fills the tracking code into matching inputs, now and later; resolves to the code, or null if none. */
export async function autofill(target: AutofillTarget = 'name=referral_code'): Promise<string | null> {
  let selector: string | undefined;
  if (typeof target === 'string') {
    selector = toSelector(target);
    try {
      document.querySelector(selector);
    } catch {
      throw clientError(`autofill: not a valid selector: ${target}`);
    }
  } else if (typeof target !== 'function') {
    throw clientError('autofill takes "name=<input name>", a CSS selector or a function');
  }
  const code = await trackingCode();
  if (!code) return null;
  if (typeof target === 'function') {
    target(code);
  } else if (selector) {
    fillWithin(document, selector, code);
    watch(selector, code);
  }
  return code;
}
