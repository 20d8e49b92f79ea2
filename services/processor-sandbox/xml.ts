/**
 * Braintree's response XML, as the SDK reads it (xml2js, then Util.convertNodeToObject): dasherized
 * element names; type="integer" / "boolean" / "array" are converted, nil="true" becomes null, and
 * everything else (money, dates) stays a string.
 */

export type XmlValue = string | number | boolean | Date | null | undefined | XmlDate | XmlArray | XmlObject;
export interface XmlObject {
  [name: string]: XmlValue;
}

/** A calendar date, type="date" (billing dates), as opposed to a Date, which is written as a datetime. */
export class XmlDate {
  constructor(readonly date: Date) {}
}

/** A list whose children are all called `itemName` (e.g. <discounts type="array"><discount>...). */
export class XmlArray {
  constructor(
    readonly itemName: string,
    readonly items: XmlValue[],
  ) {}
}

export const xmlArray = (itemName: string, items: XmlValue[]) => new XmlArray(itemName, items);

export function dasherize(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/_/g, '-')
    .toLowerCase();
}

function escape(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Braintree writes datetimes in UTC to the second. */
export const xmlDateTime = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

function element(name: string, value: XmlValue, indent: string): string {
  const tag = dasherize(name);
  if (value === null) return `${indent}<${tag} nil="true"/>`;
  if (value instanceof XmlArray) {
    if (value.items.length === 0) return `${indent}<${tag} type="array"/>`;
    const items = value.items.map((item) => element(value.itemName, item, `${indent}  `));
    return `${indent}<${tag} type="array">\n${items.join('\n')}\n${indent}</${tag}>`;
  }
  if (value instanceof XmlDate) {
    return `${indent}<${tag} type="date">${value.date.toISOString().slice(0, 10)}</${tag}>`;
  }
  if (value instanceof Date) return `${indent}<${tag} type="datetime">${xmlDateTime(value)}</${tag}>`;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new TypeError(`XML integers only: ${name}=${value}`);
    return `${indent}<${tag} type="integer">${value}</${tag}>`;
  }
  if (typeof value === 'boolean') return `${indent}<${tag} type="boolean">${value}</${tag}>`;
  if (typeof value === 'string') return `${indent}<${tag}>${escape(value)}</${tag}>`;
  const children = Object.entries(value ?? {})
    .filter(([, child]) => child !== undefined)
    .map(([childName, child]) => element(childName, child, `${indent}  `));
  if (children.length === 0) return `${indent}<${tag}></${tag}>`;
  return `${indent}<${tag}>\n${children.join('\n')}\n${indent}</${tag}>`;
}

/** A whole response document with one root element (a list for index calls such as GET /discounts). */
export function toXml(rootName: string, root: XmlObject | XmlArray): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${element(rootName, root, '')}\n`;
}

/** Plain JSON (a request's params) as XML values: arrays of scalars become <item> lists. */
export function jsonToXmlValue(value: unknown): XmlValue {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return xmlArray('item', value.map(jsonToXmlValue));
  if (typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, jsonToXmlValue(v)]));
  }
  if (typeof value === 'number' && !Number.isSafeInteger(value)) return String(value);
  return value as string | number | boolean;
}
